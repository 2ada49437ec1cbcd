import type { Consent } from '../../kernel/consent/consentStore'

/**
 * Loads the brand's tag manager script (site configuration `analytics.tag.manager.url`; the
 * reference server serves a recording stand-in at /utag.js) once analytical consent (c1) allows it:
 * at once when it does, or when the visitor allows it later, without a reload. Never twice, and not
 * when the page already has a tag manager. Returns the clean-up.
 */
export function loadTagManagerWhenAllowed(
  doc: Document,
  url: string,
  consent: Pick<Consent, 'allows' | 'state$'>,
): () => void {
  if (!url) return () => undefined
  const win = doc.defaultView as (Window & { utag?: unknown }) | null
  const load = () => {
    if (win?.utag || doc.querySelector('script[data-one-header-tag-manager]')) return
    const script = doc.createElement('script')
    script.src = url
    script.async = true
    script.setAttribute('data-one-header-tag-manager', '')
    doc.head.append(script)
  }
  const sub = consent.state$.subscribe(() => {
    if (consent.allows('analytical')) load()
  })
  return () => sub.unsubscribe()
}
