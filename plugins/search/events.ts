import type { SearchProduct } from '../../contracts/search'

/** What the search box tells the rest of the header (analytics handlers turn these into tags). */
declare module '../../kernel/bus/events' {
  interface KernelEvents {
    /** A suggestion term was chosen; `term` is its text without markup. */
    'search:suggestionClicked': { term: string }
    /** A product tile was chosen: its 1-based position among `total` results for `term`. */
    'search:productClicked': { term: string; product: SearchProduct; position: number; total: number }
    /** The shopper submitted their own text (Enter or the search button); the search page opens. */
    'search:submitted': { term: string }
    /** Product tiles came into view for `term`. */
    'search:productsShown': { term: string; products: SearchProduct[] }
  }
}
