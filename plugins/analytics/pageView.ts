import type { TagPayload } from '../../kernel/plugin/definePlugin'
import { withoutLangPrefix } from '../../site/language'

/**
 * The page types of nav spec §2, by path (either language): search results (/search, /recherche),
 * category pages (/c/), product detail (/p/), cart, profile (the account pages), checkout, home;
 * anything else is a content page.
 */
export type PageType =
  | 'home'
  | 'search results'
  | 'category'
  | 'product detail'
  | 'cart'
  | 'profile'
  | 'checkout'
  | 'content'

export function pageTypeOf(pathname: string): PageType {
  const path = withoutLangPrefix(pathname).replace(/\/+$/, '') || '/'
  if (path === '/' || path === '/accueil') return 'home'
  if (/^\/(search|recherche)(\/|$)/.test(path)) return 'search results'
  if (/\/c\//.test(`${path}/`)) return 'category'
  if (/\/p\//.test(`${path}/`)) return 'product detail'
  if (/^\/cart(\/|$)/.test(path)) return 'cart'
  if (/^\/(new\/)?my-account(\/|$)/.test(path)) return 'profile'
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
    page_type: pageTypeOf(path),
    page_language: page.lang,
    site_brand: page.brand,
    customer_segments: page.segments.join('~'),
    customer_csr: page.csr,
  }
}
