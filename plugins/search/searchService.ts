import { BehaviorSubject, type SchedulerLike, Subject, type Subscription, scan } from 'rxjs'
import {
  decodeEach,
  ProductsResponseSchema,
  type SearchProduct,
  SearchProductSchema,
  type Suggestion,
  SuggestionSchema,
  SuggestionsResponseSchema,
} from '../../contracts/search'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import type { Resource } from '../../kernel/state/resource'
import type { StateStream } from '../../kernel/state/stateStream'
import { stateStream } from '../../kernel/state/stateStream'
import type { Lang } from '../../site/language'
import { latestResult, searchQueries } from './queryStream'
import type { SearchOptions } from './searchOptions'

/** The carousel product search (header spec §7 `products/searchProductsForCarousel`: query, pageSize). */
export const CAROUSEL_SEARCH_PATH = 'products/searchProductsForCarousel'

/** Product tiles the flyout shows. */
export const TILE_COUNT = 4

export interface SearchResult {
  suggestions: Suggestion[]
  products: SearchProduct[]
  /** All products matching, of which `products` are the first. */
  totalProducts: number
}

export interface SearchState {
  /** The query the result belongs to; null before the first one and after a reset. */
  query: string | null
  result: Resource<SearchResult>
  /** What the flyout shows: the last answer, kept while a newer one loads (no flicker). */
  shown: { query: string; data: SearchResult } | null
}

const INITIAL: SearchState = { query: null, result: { status: 'idle' }, shown: null }

/** Keeps the last answer on screen while the next loads; an error or a reset clears it. */
function withShown(previous: SearchState, next: Omit<SearchState, 'shown'>): SearchState {
  if (next.result.status === 'success' && next.query !== null)
    return { ...next, shown: { query: next.query, data: next.result.data } }
  return { ...next, shown: next.result.status === 'loading' ? previous.shown : null }
}

export interface SearchService {
  readonly state$: StateStream<SearchState>
  /** Wrong-shaped items left out of an answer, for the log. */
  readonly problems$: Subject<string>
  /** What the box holds now (call on focus and on every change outside IME composition). */
  input(text: string): void
  /** Forget the results (sign-out). */
  reset(): void
  dispose(): void
}

export { searchRef } from './searchRef'

export interface SearchServiceDeps {
  http: HttpClient
  lang: Lang
  /** The brand's search options (searchOptions.ts); the service reads `currencyByLang`. */
  options: Pick<SearchOptions, 'currencyByLang'>
  scheduler?: SchedulerLike
}

/**
 * Suggestions and products for what the shopper types (header spec §7 searchsuggestions and
 * searchText, called together): the latest query only, each answer decoded item by item. The empty
 * box (focused before typing) asks for the popular terms and the product carousel
 * (searchProductsForCarousel) instead of a text search.
 */
export function createSearchService({ http, lang, options, scheduler }: SearchServiceDeps): SearchService {
  // The brand's currency for this language (header spec §7 "curr=CAD for French"), else none.
  const currency = options.currencyByLang[lang]
  const text$ = new Subject<string>()
  const reset$ = new Subject<void>()
  const problems$ = new Subject<string>()
  const state = new BehaviorSubject<SearchState>(INITIAL)

  async function search(query: string, signal: AbortSignal): Promise<Resource<SearchResult>> {
    const [terms, products] = await Promise.all([
      http.request({
        path: 'products/searchsuggestions',
        query: { term: query, lang },
        schema: SuggestionsResponseSchema,
        signal,
      }),
      query === ''
        ? // The empty box's flyout (popular terms) shows a carousel of the store's new and popular
          // products: header spec §7's carousel search, asked with its own parameters.
          http.request({
            path: CAROUSEL_SEARCH_PATH,
            query: { query: '', pageSize: TILE_COUNT, lang },
            schema: ProductsResponseSchema,
            signal,
          })
        : http.request({
            path: 'products/searchText',
            query: { text: query, lang, curr: currency, pageSize: TILE_COUNT },
            schema: ProductsResponseSchema,
            signal,
          }),
    ])
    // One half failing still shows the other; only both failing is an error.
    if (!terms.ok && !products.ok) return { status: 'error', error: products.error }
    const suggestions = decodeEach(SuggestionSchema, terms.ok ? terms.data.suggestions : [])
    // A term listed twice is shown once (it is also the option's key).
    suggestions.items = suggestions.items.filter(
      (s, i, all) => all.findIndex((t) => t.value === s.value) === i,
    )
    const tiles = decodeEach(SearchProductSchema, products.ok ? products.data.products : [])
    if (suggestions.dropped + tiles.dropped > 0)
      problems$.next(
        `search for '${query}': left out ${suggestions.dropped} suggestion(s) and ${tiles.dropped} product(s) of the wrong shape`,
      )
    const items = tiles.items.slice(0, TILE_COUNT)
    const total = products.ok ? (products.data.pagination?.totalResults ?? items.length) : 0
    return {
      status: 'success',
      data: { suggestions: suggestions.items, products: items, totalProducts: Math.max(total, items.length) },
    }
  }

  const subscription: Subscription = searchQueries(text$, reset$, scheduler)
    .pipe(latestResult(search), scan(withShown, INITIAL))
    .subscribe((next) => state.next(next))

  return {
    state$: stateStream(state),
    problems$,
    input: (text) => text$.next(text),
    reset: () => reset$.next(),
    dispose: () => subscription.unsubscribe(),
  }
}
