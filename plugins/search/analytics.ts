import type { KernelEvents } from '../../kernel/bus/events'
import type { AnalyticsHandler, TagPayload } from '../../kernel/plugin/definePlugin'
import { isBrewerUrl } from '../../site/brewerUrl'
import './events'

/** Values the tag manager's search reports expect (nav spec §7). */
export const SEARCH_LIST = {
  name: 'search results',
  id: 'L001',
  affiliation: 'online store',
} as const

/** A suggestion term was clicked: a search of type 'suggested'. */
export function suggestionTags({ term }: KernelEvents['search:suggestionClicked']): TagPayload {
  return { event: 'search', search_term: term, search_type: 'suggested' }
}

/** A product tile was clicked: a search of type 'related', plus select_item for the product. */
export function productClickTags(e: KernelEvents['search:productClicked']): TagPayload[] {
  return [
    { event: 'search', search_term: e.term, search_type: 'related' },
    {
      event: 'select_item',
      product_id: e.product.code,
      product_name: e.product.name,
      product_brand: e.product.brand,
      // A brewer's tile says so (nav spec §2: brewer URLs contain Coffee-Makers).
      ...(isBrewerUrl(e.product.url) ? { product_category: 'Brewers' } : {}),
      position: e.position,
      item_list_name: SEARCH_LIST.name,
      affiliation: SEARCH_LIST.affiliation,
      number_of_results: e.total,
    },
  ]
}

/** Tiles came into view: one impressions report with the products as parallel arrays. */
export function impressionTags({ products }: KernelEvents['search:productsShown']): TagPayload | null {
  if (products.length === 0) return null
  return {
    event: 'product_list_impressions',
    list_id: SEARCH_LIST.id,
    list_name: SEARCH_LIST.name,
    affiliation: SEARCH_LIST.affiliation,
    product_id: products.map((p) => p.code),
    product_brand: products.map((p) => p.brand),
    product_name: products.map((p) => p.name),
    product_position: products.map((_p, i) => i + 1),
  }
}

/** The shopper pressed Enter (or the search button) on their own text: a search of type 'typed'. */
export function submittedTags({ term }: KernelEvents['search:submitted']): TagPayload {
  return { event: 'search', search_term: term, search_type: 'typed' }
}

/** The search box's events and the tag-manager payloads they become (nav spec §7). */
export const searchAnalytics: readonly AnalyticsHandler[] = [
  { event: 'search:suggestionClicked', tags: (e) => suggestionTags(e.payload) },
  { event: 'search:productClicked', tags: (e) => productClickTags(e.payload) },
  { event: 'search:submitted', tags: (e) => submittedTags(e.payload) },
  { event: 'search:productsShown', tags: (e) => impressionTags(e.payload) },
]
