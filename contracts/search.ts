/**
 * Product search payloads (header spec §3 "Search result", navigation spec §7; nav spec §3 "Search result product"),
 * shared by the header, which decodes every response with them, and the reference server, which
 * answers with them. A malformed product or suggestion is dropped on its own; the rest still shows.
 */
import * as v from 'valibot'

export { cleanSearchText, SUGGESTION_SUFFIX, truncateToLimit, wellFormed } from './searchText'

/**
 * A product as search returns it. `url` is the English path; the header adds `/fr` on French pages
 * where the brand asks for it (search option `localizedProductLinks`).
 */
export const SearchProductSchema = v.object({
  code: v.pipe(v.string(), v.minLength(1)),
  name: v.string(),
  brand: v.string(),
  url: v.string(),
  /** Names the product's image in the image service (nav spec §3 product image address). */
  sellGroupName: v.string(),
  newProduct: v.optional(v.boolean(), false),
  productType: v.optional(v.picklist(['Coffee', 'Brewer', 'Accessory', 'Bundle'])),
  price: v.optional(
    v.object({ value: v.number(), currencyIso: v.string(), formattedValue: v.optional(v.string()) }),
  ),
})
export type SearchProduct = v.InferOutput<typeof SearchProductSchema>

/**
 * A suggestion term, which may contain inline markup (the matched part in `<strong>`). The spec
 * names the field `term` (nav spec §5); the OCC API the header was first written against sends
 * `value`. Either is accepted (`term` wins when both come) and the header reads `value`.
 */
export const SuggestionSchema = v.pipe(
  v.union([v.object({ term: v.string() }), v.object({ value: v.string() })]),
  v.transform((s): { value: string } => ({ value: 'term' in s ? s.term : s.value })),
)
export type Suggestion = v.InferOutput<typeof SuggestionSchema>

/**
 * GET products/searchsuggestions?term&lang[&max]. An empty term answers the popular terms.
 * Items are decoded one by one by the header (see decodeEach).
 */
export const SuggestionsResponseSchema = v.object({ suggestions: v.optional(v.array(v.unknown()), []) })

/**
 * GET products/searchText?text&lang[&curr=CAD][&pageSize][&currentPage] and
 * GET products/searchProductsForCarousel?query[&pageSize][&lang].
 */
export const ProductsResponseSchema = v.object({
  products: v.optional(v.array(v.unknown()), []),
  pagination: v.optional(
    v.object({
      totalResults: v.number(),
      pageSize: v.optional(v.number()),
      currentPage: v.optional(v.number()),
    }),
  ),
  freeTextSearch: v.optional(v.string()),
})

/** Decodes each item of a list on its own: wrong-shaped items are counted and left out. */
export function decodeEach<T>(
  schema: v.GenericSchema<unknown, T>,
  items: readonly unknown[],
): { items: T[]; dropped: number } {
  const out: T[] = []
  for (const item of items) {
    const result = v.safeParse(schema, item)
    if (result.success) out.push(result.output)
  }
  return { items: out, dropped: items.length - out.length }
}

/** Server limits the header relies on. */
export const SEARCH_LIMITS = {
  /** Suggestions answered when `max` is not given. */
  defaultSuggestions: 6,
  maxSuggestions: 20,
  /** Products per page when `pageSize` is not given. */
  defaultPageSize: 20,
  maxPageSize: 100,
} as const
