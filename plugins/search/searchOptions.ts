import * as v from 'valibot'

/** An ISO 4217 currency code, as `products/searchText` takes it in `curr` (`CAD`). */
const CurrencySchema = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'a three-letter currency code such as CAD'))

/**
 * The search plugin's options, set per brand in host/brands/<brand>.ts (`{ id: 'search', options: … }`)
 * and decoded by this schema when the header starts. Every field has a default, the US stores'
 * behaviour, so a brand that sets nothing gets that. Unknown keys are refused, so a typo fails.
 */
export const SearchOptionsSchema = v.optional(
  v.strictObject({
    /**
     * The currency `products/searchText` is asked to price in (`curr`), per page language (header
     * spec §7 "curr=CAD for French"). A language not listed sends no `curr` (the store's own
     * currency). Default `{}`; cab2c `{ fr: 'CAD' }`.
     */
    currencyByLang: v.optional(
      v.strictObject({ en: v.optional(CurrencySchema), fr: v.optional(CurrencySchema) }),
      {},
    ),
    /**
     * Brand suffix of product image names, between sellGroupName and the general `_EN_GN` suffix
     * (nav spec §3). Default `''`; cab2c `'_CA'`.
     */
    imageSuffix: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{0,16}$/)), ''),
    /**
     * Whether product tile links take the `/fr` prefix on French pages (nav spec §2: product pages of
     * French Canada live under `/fr`; site/language.ts localizedPath). Default `false`; cab2c `true`.
     */
    localizedProductLinks: v.optional(v.boolean(), false),
  }),
  {},
)

export type SearchOptions = v.InferOutput<typeof SearchOptionsSchema>

/** The options of a brand that sets none: the US stores' behaviour. */
export const DEFAULT_SEARCH_OPTIONS: SearchOptions = v.parse(SearchOptionsSchema, undefined)
