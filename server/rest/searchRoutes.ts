import type { Context, Hono } from 'hono'
import { SEARCH_LIMITS } from '../../contracts/search'
import { BRAND_CURRENCY } from '../../site/brand'
import type { TtlCache } from '../cms/ttlCache'
import type { Database } from '../db/database'
import { validationError } from '../http/apiError'
import { searchProducts } from '../search/productQueries'
import { MAX_SEARCH_TEXT } from '../search/searchText'
import { suggestTerms } from '../search/suggestions'
import { REST_BASE } from './cmsRoutes'
import { brandParam, langQuery, optionalCount, optionalLang } from './params'

/** Deepest page a search may ask for; far beyond any catalogue, it only stops absurd offsets. */
const MAX_PAGE = 1000

/** An optional search text, trimmed; longer than MAX_SEARCH_TEXT is refused rather than cut. */
function searchText(c: Context, name: string): string {
  const value = (c.req.query(name) ?? '').trim()
  if (value.length > MAX_SEARCH_TEXT) {
    throw validationError(
      `Query parameter '${name}' is ${value.length} characters long; at most ${MAX_SEARCH_TEXT} are allowed.`,
      'invalid',
    )
  }
  return value
}

/** `currentPage` counts from 0, as in the OCC API the header was written against. */
function currentPage(c: Context): number {
  const raw = c.req.query('currentPage')?.trim()
  if (raw === undefined || raw === '') return 0
  const n = Number(raw)
  if (Number.isInteger(n) && n >= 0 && n <= MAX_PAGE) return n
  throw validationError(
    `Query parameter 'currentPage' must be a whole number from 0 to ${MAX_PAGE}, not '${raw}'.`,
    'invalid',
  )
}

/** The brand's currency; `curr` (the header sends CAD for French) must name it if given. */
function currency(c: Context): void {
  const brand = brandParam(c)
  const raw = c.req.query('curr')?.trim()
  if (raw === undefined || raw === '') return
  const expected = BRAND_CURRENCY[brand]
  if (raw.toUpperCase() !== expected) {
    throw validationError(
      `Query parameter 'curr' must be ${expected} for brand ${brand} (its prices are in ${expected}), not '${raw}'.`,
      'invalid',
    )
  }
}

/**
 * Product search (header spec §7): suggestions while typing, the product tiles of the search
 * flyout, and product carousels. Registered after registerCmsRoutes, whose middleware checks the
 * brand and sets cache-control: no-cache on everything under /rest/v2/{brand}.
 *
 * Suggestions are asked for on every keystroke and most shoppers type the same first letters, so
 * they go through the content cache (`cached`, cms/ttlCache.ts), under everything the answer depends
 * on (brand, language, the text as typed, how many) and nothing of the shopper; the cache is dropped
 * when the suggestions are rebuilt (cms/contentChanges.ts). Search results are not kept: their
 * pages are many and each is asked for rarely.
 */
export function registerSearchRoutes(app: Hono, db: Database, cached: TtlCache): void {
  app.get(`${REST_BASE}/products/searchsuggestions`, async (c) => {
    const brand = brandParam(c)
    const lang = langQuery(c)
    const term = searchText(c, 'term')
    const max = optionalCount(c, 'max', SEARCH_LIMITS.maxSuggestions) ?? SEARCH_LIMITS.defaultSuggestions
    const values = await cached(JSON.stringify(['suggestions', brand, lang, max, term]), () =>
      suggestTerms(db, brand, lang, term, max),
    )
    return c.json({ suggestions: values.map((value) => ({ value })) })
  })

  app.get(`${REST_BASE}/products/searchText`, async (c) => {
    const brand = brandParam(c)
    const lang = langQuery(c)
    const text = searchText(c, 'text')
    currency(c)
    const pageSize = optionalCount(c, 'pageSize', SEARCH_LIMITS.maxPageSize) ?? SEARCH_LIMITS.defaultPageSize
    const page = currentPage(c)
    const found = await searchProducts(db, { brand, lang, text, pageSize, currentPage: page })
    return c.json({
      products: found.products,
      pagination: { totalResults: found.totalResults, pageSize, currentPage: page },
      freeTextSearch: text,
    })
  })

  app.get(`${REST_BASE}/products/searchProductsForCarousel`, async (c) => {
    const brand = brandParam(c)
    const lang = optionalLang(c)
    const text = searchText(c, 'query')
    const pageSize = optionalCount(c, 'pageSize', SEARCH_LIMITS.maxPageSize) ?? SEARCH_LIMITS.defaultPageSize
    const found = await searchProducts(db, { brand, lang, text, pageSize, currentPage: 0 })
    return c.json({ products: found.products })
  })
}
