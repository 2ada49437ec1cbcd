/**
 * Starts the downloads the host page listed in the container's `data-preload` (the enabled plugins'
 * chunks, see renderHostPage.ts): fetched now, compiled when the header imports them. Only paths on
 * this site are taken, so a page cannot make the header fetch from elsewhere.
 */
export function preloadAfterPaint(container: HTMLElement, doc: Document = document): void {
  for (const href of (container.dataset.preload ?? '').split(/\s+/)) {
    if (!/^\/(?!\/)[\w./-]+\.js$/.test(href)) continue
    const link = doc.createElement('link')
    link.rel = 'preload'
    link.as = 'script'
    link.crossOrigin = 'anonymous'
    link.href = href
    doc.head.append(link)
  }
}
