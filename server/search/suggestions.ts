import type { Brand, Lang } from '../../site/brand'
import type { Database } from '../db/database'
import { BY_LANG, tsquery } from './productQueries'
import { escapeLike, highlight, searchWords, suggestionKey, tsqueryParts, wordStarts } from './searchText'

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

/** One brand and language's candidate suggestions (the seed's, server/db/seedSuggestions.ts). */
export interface SuggestionSet {
  brand: Brand
  lang: Lang
  candidates: readonly SuggestionCandidate[]
}

/** The tsquery of a suggestion's own search (searchProducts) over the columns `r.whole` and `r.prefix`. */
const termQuery = (lang: Lang) => {
  const { config } = BY_LANG[lang]
  return `CASE WHEN r.whole = '' THEN ${tsquery(config, undefined, 'r.prefix')}
               ELSE ${tsquery(config, 'r.whole', 'r.prefix')} END`
}

/**
 * Rebuilds search_suggestions from `sets` and the products table: each candidate is counted with the very query
 * the search page runs for it, and only terms that find products are kept (the inner join), so a
 * suggestion never leads to an empty page. One statement: terms no longer given or no longer finding
 * products are deleted, the others inserted or updated, and no reader sees the table half built.
 * The queries are made once per candidate (MATERIALIZED), not once per product tried: under 0.5 s
 * for the whole catalogue on PGlite instead of about 6 s. Run by the seed, after the products.
 */
export async function refreshSuggestions(db: Database, sets: readonly SuggestionSet[]): Promise<void> {
  const rows = sets.flatMap(({ brand, lang, candidates }) =>
    candidates.map((c) => {
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
