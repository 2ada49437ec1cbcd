/** Sanitised inline HTML from the panel's model (panelModel.ts put it through the one sanitiser). */
export function Html({ html, className }: { html: string | undefined; className?: string | undefined }) {
  if (!html) return null
  return <span className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
