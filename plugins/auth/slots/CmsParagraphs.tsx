import { sanitizeCmsHtml } from '../../../kernel/html/sanitize'

/** CMS paragraph HTML made safe (the one sanitiser), empty ones left out. */
export const safeParagraphs = (html: readonly string[]): string[] =>
  html.map(sanitizeCmsHtml).filter((h) => h.trim() !== '')

/** Paragraphs already through safeParagraphs, in the CMS's order. */
export function CmsParagraphs({
  paragraphs,
  className,
}: {
  paragraphs: readonly string[]
  className?: string
}) {
  return paragraphs.map((html, i) => (
    // Safe: through the one sanitiser (safeParagraphs). The CMS order is the only key paragraphs have.
    // biome-ignore lint/suspicious/noArrayIndexKey: fixed for the list's life
    <div key={i} className={className} dangerouslySetInnerHTML={{ __html: html }} />
  ))
}
