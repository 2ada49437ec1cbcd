/**
 * One delegated click listener on the header's container for what no plugin reports itself: a
 * promotion followed (an element marked `data-promotion-id`, the nav's promo cards) and a link that
 * leaves the site (nav spec §7 `select_promotion`, `outbound_link_click`). Reads the DOM only.
 */
export interface HeaderClick {
  promotion?: { id: string; name: string; location: string; path: string }
  outbound?: { url: string; text: string; location: string }
}

const textOf = (el: Element) =>
  (el.textContent ?? '').replace(/\s+/g, ' ').trim() ||
  el.getAttribute('aria-label') ||
  el.querySelector('img[alt]')?.getAttribute('alt') ||
  ''

/** What a click on `target` (inside the header) reports, against the page's own origin. */
export function headerClickOf(target: EventTarget | null, origin: string): HeaderClick {
  const el = target instanceof Element ? target : null
  const link = el?.closest('a[href]')
  if (!link) return {}
  const location = link.getAttribute('data-nav-location') ?? 'header'
  const out: HeaderClick = {}
  const promo = link.closest('[data-promotion-id]')
  let url: URL | undefined
  try {
    url = new URL(link.getAttribute('href') ?? '', origin)
  } catch {
    return {}
  }
  if (promo) {
    out.promotion = {
      id: promo.getAttribute('data-promotion-id') ?? '',
      name: promo.getAttribute('data-promotion-name') || textOf(link),
      location,
      path: url.origin === origin ? `${url.pathname}${url.search}` : url.href,
    }
  }
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin) {
    out.outbound = { url: url.href, text: textOf(link), location }
  }
  return out
}

/** Listens for clicks (and middle clicks) in `root`; returns the removal. */
export function trackHeaderClicks(root: EventTarget, origin: string, report: (click: HeaderClick) => void) {
  const onClick = (e: Event) => {
    if (e instanceof MouseEvent && e.button === 2) return
    const click = headerClickOf(e.target, origin)
    if (click.promotion || click.outbound) report(click)
  }
  root.addEventListener('click', onClick, true)
  root.addEventListener('auxclick', onClick, true)
  return () => {
    root.removeEventListener('click', onClick, true)
    root.removeEventListener('auxclick', onClick, true)
  }
}
