import type { TagPayload } from '../../kernel/plugin/definePlugin'
import { isBrewerUrl } from '../../site/brewerUrl'
import { withoutLangPrefix } from '../../site/language'

/**
 * The page types of nav spec §2, by path (either language): search results (the path contains
 * /search or /recherche, anywhere in it, as the spec says), category pages (/c/), product listing
 * (a brand's listing, /b/), product detail (/p/), cart, the account's profile and dashboard tabs
 * (/my-account/profile, /my-account?dashboard=1) and its other pages (profile), checkout, home;
 * anything else is a content page. The places of a page that report as types of their own (the
 * quick-shop modal, the footer, the sidebar, the top and sub navigation) are `PLACE_TYPES`.
 */
export type PageType =
  | 'home'
  | 'search results'
  | 'category'
  | 'product listing'
  | 'product detail'
  | 'cart'
  | 'profile tab'
  | 'dashboard tab'
  | 'profile'
  | 'checkout'
  | 'content'

/** Places inside a page that payloads name as their page type (nav spec §2 page types). */
export const PLACE_TYPES = ['quick shop', 'footer', 'sidebar', 'top nav', 'sub nav'] as const
export type PlaceType = (typeof PLACE_TYPES)[number]

const PAGE_TYPES: readonly PageType[] = [
  'home',
  'search results',
  'category',
  'product listing',
  'product detail',
  'cart',
  'profile tab',
  'dashboard tab',
  'profile',
  'checkout',
  'content',
]

/** How a host page may spell a place ('QuickShop', 'quick-shop', 'sideBar'…), as the type it is. */
const PLACE_SPELLINGS = new Map<string, PlaceType>([
  ['quick shop', 'quick shop'],
  ['quickshop', 'quick shop'],
  ['quick shop modal', 'quick shop'],
  ['footer', 'footer'],
  ['sidebar', 'sidebar'],
  ['side bar', 'sidebar'],
  ['top nav', 'top nav'],
  ['topnav', 'top nav'],
  ['sub nav', 'sub nav'],
  ['subnav', 'sub nav'],
])

/**
 * The page type a payload's location names (a place such as the quick-shop modal, or a page type by
 * its name), or undefined when it names none: the page's own type applies then.
 */
export function typeOfLocation(location: string): PageType | PlaceType | undefined {
  const words = location
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[-_\s]+/g, ' ')
  return PLACE_SPELLINGS.get(words) ?? PAGE_TYPES.find((t) => t === words)
}

export function pageTypeOf(pathname: string, search = ''): PageType {
  const path = withoutLangPrefix(pathname).replace(/\/+$/, '') || '/'
  if (path === '/' || path === '/accueil') return 'home'
  if (pathname.includes('/search') || pathname.includes('/recherche')) return 'search results'
  if (/\/c\//.test(`${path}/`)) return 'category'
  if (/\/b\//.test(`${path}/`)) return 'product listing'
  if (/\/p\//.test(`${path}/`)) return 'product detail'
  if (/^\/cart(\/|$)/.test(path)) return 'cart'
  if (/^\/(new\/)?my-account(\/|$)/.test(path)) {
    if (/^\/my-account\/profile(\/|$)/.test(path)) return 'profile tab'
    if (path === '/my-account' && new URLSearchParams(search).get('dashboard') === '1') return 'dashboard tab'
    return 'profile'
  }
  if (/^\/checkout(\/|$)/.test(path)) return 'checkout'
  return 'content'
}

/**
 * The page view (nav spec §7 `utag.view`): `page_name` the document's title (the path when it has
 * none), `page_id` the path without its query, `page_type` from the path; plus language and brand, and the visitor's segments (`~`-joined, as the
 * content calls send them) and CSR flag.
 */
export function pageViewTags(page: {
  pathname: string
  /** The page's query ('?dashboard=1' is the account's dashboard tab). */
  search?: string
  title: string
  lang: string
  brand: string
  /** The visitor's segments (site/visitorProfile.ts) and CSR flag: the page view's customer fields. */
  segments: readonly string[]
  csr: boolean
}): TagPayload {
  const path = page.pathname || '/'
  return {
    event: 'page_view',
    page_name: page.title.trim() || path,
    page_id: path,
    page_type: pageTypeOf(path, page.search ?? ''),
    // A brewer's page says so (nav spec §2: brewer URLs contain Coffee-Makers).
    ...(isBrewerUrl(path) ? { page_category: 'Brewers' } : {}),
    page_language: page.lang,
    site_brand: page.brand,
    customer_segments: page.segments.join('~'),
    customer_csr: page.csr,
  }
}
