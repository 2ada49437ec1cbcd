import { withoutLangPrefix } from '../../site/language'
import { isSameOriginPath } from '../../site/safePath'

/**
 * Cookies the header keeps about the page the shopper is on (header spec §3 "Cookies and storage":
 * current-page value, recent products, brewer-registration flag), for the store's pages to read: where
 * to come back to after a login, what was looked at lately, and that registration is under way. Each
 * is written only when the site configuration allows it (header spec §5, the kernel's cookie writer).
 */
export const PAGE_COOKIES = {
  currentPage: 'currentPage',
  recentProducts: 'recentProducts',
  brewerRegistration: 'brewerRegistration',
} as const

/** How many product codes the recent-products cookie keeps, newest first. */
export const RECENT_PRODUCTS_MAX = 10
/** A longer address is not kept (a cookie is small; the store falls back to its home page). */
export const CURRENT_PAGE_MAX = 512
/** Days the recent-products cookie lasts; the others end with the browser session. */
export const RECENT_PRODUCTS_DAYS = 30

/** A product page: `/p/{code}` or a slug path ending in `/p/{code}`, in either language. */
const PRODUCT_PAGE = /\/p\/([A-Za-z0-9][\w-]{0,63})\/?$/

export interface PageCookieWrite {
  name: string
  value: string
  expiresDays?: number
}

/** What to write for this page: pure, so every path and every earlier cookie value has one answer. */
export function pageCookies(
  location: { pathname: string; search: string },
  previousRecent: string | undefined,
): PageCookieWrite[] {
  const path = withoutLangPrefix(location.pathname)
  const writes: PageCookieWrite[] = []
  // The page as the shopper sees it (with /fr and the query), where a login should return to: only a
  // path on this site (never `//elsewhere`), never the login or logout pages themselves (opening the
  // login page must not forget where the shopper was), and whole (a cut would break an escape).
  const current = `${location.pathname}${location.search}`
  if (
    isSameOriginPath(current) &&
    current.length <= CURRENT_PAGE_MAX &&
    !/^\/(login|logout)(\/|$)/.test(path)
  )
    writes.push({ name: PAGE_COOKIES.currentPage, value: current })
  const product = PRODUCT_PAGE.exec(path)?.[1]
  if (product) {
    // Only codes that look like codes survive from the old value (the cookie is the shopper's to edit).
    const earlier = (previousRecent ?? '')
      .split('|')
      .filter(
        (code, i, all) =>
          /^[A-Za-z0-9][\w-]{0,63}$/.test(code) && code !== product && all.indexOf(code) === i,
      )
    writes.push({
      name: PAGE_COOKIES.recentProducts,
      value: [product, ...earlier].slice(0, RECENT_PRODUCTS_MAX).join('|'),
      expiresDays: RECENT_PRODUCTS_DAYS,
    })
  }
  // Header spec §2: "Header behaviour changes on /brewer-registration".
  if (/^\/brewer-registration\/?$/.test(path))
    writes.push({ name: PAGE_COOKIES.brewerRegistration, value: 'true' })
  return writes
}
