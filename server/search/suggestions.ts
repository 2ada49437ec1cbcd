import type { Brand, Lang } from '../../site/brand'
import type { Database } from '../db/database'
import { type CatalogueProduct, catalogueFor, type ProductType } from '../fixtures/catalogue'
import { BLENDS } from '../fixtures/catalogueData'
import { BRAND_LANGS } from '../fixtures/cmsContent'
import { searchTermsFor } from '../fixtures/searchTerms'
import { BY_LANG, tsquery } from './productQueries'
import { escapeLike, highlight, searchWords, suggestionKey, tsqueryParts, wordStarts } from './searchText'

/** The category a product type is shelved under, as a shopper would type it. */
const CATEGORY: Record<ProductType, Record<Lang, string>> = {
  Coffee: { en: 'coffee', fr: 'café' },
  Brewer: { en: 'brewers', fr: 'cafetières' },
  Accessory: { en: 'accessories', fr: 'accessoires' },
  Bundle: { en: 'bundles', fr: 'ensembles' },
}

/** A brewer model as its name writes it: one capital, a hyphen, letters or digits (K-Elite, B-300). */
const MODEL = /(?<![\p{L}\p{N}-])[A-Z]-[\p{L}\p{N}]+/gu

/** The name without what follows its first comma (finish, pack size): the product line. */
const productLine = (name: string) => name.split(',')[0]!

/**
 * The terms one product gives, each with the English words that also find it on a French page: its
 * category, maker, product line and, for a brewer, its model.
 */
function productTerms(p: CatalogueProduct, lang: Lang): [term: string, alsoTyped?: string][] {
  const terms: [string, string?][] = [
    [CATEGORY[p.productType][lang]],
    [p.maker],
    [productLine(p.name[lang]), lang === 'fr' ? productLine(p.name.en) : undefined],
  ]
  if (p.productType === 'Brewer') for (const [model] of p.name[lang].matchAll(MODEL)) terms.push([model])
  return terms
}

/** A candidate suggestion: the text shown, and how often it is searched (0: not a popular search). */
export interface SuggestionCandidate {
  term: string
  popularity: number
  /**
   * Other words that suggest this term when typed (a French term's English product words): matched
   * like the term's own words, never shown.
   */
  alsoTyped?: string[]
}

/**
 * Every term a brand and language could suggest, one per folded key: the popular searches first
 * (their spelling and popularity win), then the catalogue's categories, makers, product lines,
 * brewer models and coffee blends. Shown in lower case, as the popular searches are written.
 * Whether a term finds products is up to the database (refreshSuggestions).
 *
 * A French page suggests French terms only: French shoppers type the store's English product words
 * too ("cold brew"), and those find the French terms of the same products (`alsoTyped`), never an
 * English term beside French product names.
 */
export function suggestionCandidates(brand: Brand, lang: Lang): SuggestionCandidate[] {
  const byKey = new Map<string, SuggestionCandidate>()
  const add = (text: string, popularity: number, alsoTyped?: string) => {
    const term = text.toLowerCase().replace(/\s+/g, ' ').trim()
    const key = suggestionKey(term)
    if (searchWords(term).length === 0) return
    if (!byKey.has(key)) byKey.set(key, { term, popularity })
    const other = alsoTyped?.toLowerCase().replace(/\s+/g, ' ').trim()
    const candidate = byKey.get(key)
    if (candidate && other && suggestionKey(other) !== key && !candidate.alsoTyped?.includes(other))
      candidate.alsoTyped = [...(candidate.alsoTyped ?? []), other]
  }
  for (const t of searchTermsFor(brand, lang)) add(t.term, t.popularity)
  for (const p of catalogueFor(brand)) for (const [term, also] of productTerms(p, lang)) add(term, 0, also)
  for (const blend of BLENDS) add(blend[lang], 0, lang === 'fr' ? blend.en : undefined)
  return [...byKey.values()]
}

/** The tsquery of a suggestion's own search (searchProducts) over the columns `r.whole` and `r.prefix`. */
const termQuery = (lang: Lang) => {
  const { config } = BY_LANG[lang]
  return `CASE WHEN r.whole = '' THEN ${tsquery(config, undefined, 'r.prefix')}
               ELSE ${tsquery(config, 'r.whole', 'r.prefix')} END`
}

/**
 * Rebuilds search_suggestions from the products table: each candidate is counted with the very query
 * the search page runs for it, and only terms that find products are kept (the inner join), so a
 * suggestion never leads to an empty page. One statement: terms no longer given or no longer finding
 * products are deleted, the others inserted or updated, and no reader sees the table half built.
 * The queries are made once per candidate (MATERIALIZED), not once per product tried: under 0.5 s
 * for the whole catalogue on PGlite instead of about 6 s. Run by the seed, after the products.
 */
export async function refreshSuggestions(db: Database): Promise<void> {
  const rows = BRAND_LANGS.flatMap(({ brand, lang }) =>
    suggestionCandidates(brand, lang).map((c) => {
      const key = suggestionKey(c.term)
      return {
        brand,
        lang,
        term: c.term,
        search_term: key,
        word_starts: [
          ...new Set([
            ...wordStarts(key),
            ...(c.alsoTyped ?? []).flatMap((t) => wordStarts(suggestionKey(t))),
          ]),
        ],
        popularity: c.popularity,
        ...tsqueryParts(searchWords(c.term)),
      }
    }),
  )
  const columns = 'c.brand, c.lang, c.term, c.search_term, c.word_starts, c.popularity'
  await db.query(
    `WITH c AS MATERIALIZED (
       SELECT r.*, CASE WHEN r.lang = 'fr' THEN ${termQuery('fr')} ELSE ${termQuery('en')} END AS query,
              ${termQuery('en')} AS query_en
         FROM jsonb_to_recordset($1::jsonb) AS r(brand text, lang text, term text, search_term text,
           word_starts text[], popularity integer, whole text, prefix text)
     ),
     kept AS (
       SELECT ${columns}, count(*)::int AS product_count
         FROM c JOIN products p ON p.brand = c.brand
          AND CASE WHEN c.lang = 'fr' THEN (p.${BY_LANG.fr.tsv} @@ c.query OR p.${BY_LANG.en.tsv} @@ c.query_en)
                   ELSE p.${BY_LANG.en.tsv} @@ c.query END
        GROUP BY ${columns}
     ),
     gone AS (
       DELETE FROM search_suggestions s WHERE NOT EXISTS (
         SELECT 1 FROM kept k WHERE k.brand = s.brand AND k.lang = s.lang AND k.search_term = s.search_term)
     )
     INSERT INTO search_suggestions (brand, lang, term, search_term, word_starts, product_count, popularity)
     SELECT brand, lang, term, search_term, word_starts, product_count, popularity FROM kept
     ON CONFLICT (brand, lang, search_term) DO UPDATE SET term = excluded.term,
       word_starts = excluded.word_starts, product_count = excluded.product_count,
       popularity = excluded.popularity`,
    [JSON.stringify(rows)],
  )
}

/**
 * Suggestion terms for what has been typed, accents and case aside, as HTML with the typed parts in
 * <strong>. A term matches when the typed text (punctuation literal) starts it or one of its words,
 * or, as search itself stems words, when its stemmed words match the typed ones as prefixes
 * ("brewers" suggests "brewer maintenance kit"). Order: the typed text itself, terms it starts,
 * terms with a word it starts, stem-only matches; within each, terms finding more products, then
 * more searched, then by folded key in byte order (COLLATE "C"), the same on PGlite and any
 * PostgreSQL whatever their default collation. An empty `text` answers the popular searches, most
 * searched first, then the terms finding most products.
 */
export async function suggestTerms(
  db: Database,
  brand: Brand,
  lang: Lang,
  text: string,
  max: number,
): Promise<string[]> {
  const key = suggestionKey(text)
  if (!key) {
    const { rows } = await db.query<{ term: string }>(
      `SELECT term FROM search_suggestions WHERE brand = $1 AND lang = $2
        ORDER BY popularity DESC, product_count DESC, search_term COLLATE "C" LIMIT $3`,
      [brand, lang, max],
    )
    return rows.map((r) => highlight(r.term, []))
  }
  const words = searchWords(text)
  // Only punctuation typed: no word of any term starts with it, and there is nothing to stem.
  if (words.length === 0) return []
  const { whole, prefix } = tsqueryParts(words, true)
  const query = tsquery(BY_LANG[lang].config, whole ? '$7' : undefined, '$6')
  const { rows } = await db.query<{ term: string }>(
    `WITH q AS (SELECT ${query} AS query)
     SELECT s.term FROM q, (
       SELECT term, search_term, product_count, popularity, tsv,
              EXISTS (SELECT 1 FROM unnest(word_starts) AS w(start) WHERE w.start LIKE $4 ESCAPE '\\')
                AS word_match
         FROM search_suggestions WHERE brand = $1 AND lang = $2
     ) AS s
      WHERE s.word_match OR s.tsv @@ q.query
      ORDER BY s.search_term = $5 DESC, s.search_term LIKE $4 ESCAPE '\\' DESC, s.word_match DESC,
               s.product_count DESC, s.popularity DESC, s.search_term COLLATE "C"
      LIMIT $3`,
    [brand, lang, max, `${escapeLike(key)}%`, key, prefix, ...(whole ? [whole] : [])],
  )
  return rows.map((r) => highlight(r.term, words))
}
