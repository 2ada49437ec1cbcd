import type { SearchProduct } from '../../contracts/search'
import type { Brand, Lang } from '../../site/brand'
import type { Database } from '../db/database'
import { searchWords, tsqueryParts } from './searchText'

/** Text-search configuration and columns per language; fixed strings, never from the request. */
export const BY_LANG = {
  en: { config: 'english', tsv: 'tsv_en', name: 'name_en' },
  fr: { config: 'french', tsv: 'tsv_fr', name: 'name_fr' },
} as const

/** ts_rank_cd weights {D, C, B, A}: a hit in the name (A) counts far more than in type or maker (B). */
const WEIGHTS = `'{0.05, 0.1, 0.4, 1.0}'`

/**
 * The tsquery of a search as SQL over `$n` parameters (or columns: the suggestions count their
 * products with it, suggestions.ts): the whole words stemmed, the last one as a prefix, stemmed or
 * not. The unstemmed `simple` prefix keeps a stop word being typed ("a" on the way to "americano")
 * from emptying the query. Only placeholders or column names go into the text, never user input.
 */
export function tsquery(config: string, whole: string | undefined, prefix: string): string {
  const last = `(to_tsquery('${config}', ${prefix}) || to_tsquery('simple', ${prefix}))`
  return whole ? `(to_tsquery('${config}', ${whole}) && ${last})` : last
}

/**
 * The match and rank of a search over `q.query` (and `q.query_en`): the page's language, and in
 * French the English words too. French shoppers type the English product words the store
 * itself uses ("cold brew", "Dark Magic", "K-Cup"), and many product names are English: "cold brew"
 * found nothing in French. A product matches in either language and ranks by its better match.
 */
export function matchIn(
  lang: Lang,
  whole: string | undefined,
  prefix: string,
): { match: { where: string; english: string | undefined }; rank: string } {
  const own = BY_LANG[lang]
  const ownRank = `ts_rank_cd(${WEIGHTS}, ${own.tsv}, q.query)`
  if (lang === 'en') return { match: { where: `${own.tsv} @@ q.query`, english: undefined }, rank: ownRank }
  const en = BY_LANG.en
  return {
    match: {
      where: `(${own.tsv} @@ q.query OR ${en.tsv} @@ q.query_en)`,
      english: tsquery(en.config, whole, prefix),
    },
    rank: `greatest(${ownRank}, ts_rank_cd(${WEIGHTS}, ${en.tsv}, q.query_en))`,
  }
}

interface ProductRow {
  code: string
  name: string
  maker: string
  url: string
  sell_group_name: string
  new_product: boolean
  product_type: SearchProduct['productType']
  price: number
  currency: string
  total: number
}

export interface ProductPage {
  products: SearchProduct[]
  totalResults: number
}

export interface ProductSearch {
  brand: Brand
  lang: Lang
  /** The shopper's text as typed; empty lists new, then popular products. */
  text: string
  pageSize: number
  currentPage: number
}

const formatters = new Map<string, Intl.NumberFormat>()
/** `$17.99` in English, `17,99 $` in French, as the store shows prices. */
function formatPrice(value: number, currency: string, lang: Lang): string {
  const locale = lang === 'fr' ? 'fr-CA' : currency === 'CAD' ? 'en-CA' : 'en-US'
  let format = formatters.get(`${locale}:${currency}`)
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency })
    formatters.set(`${locale}:${currency}`, format)
  }
  return format.format(value)
}

const toProduct = (r: ProductRow, lang: Lang): SearchProduct => ({
  code: r.code,
  name: r.name,
  brand: r.maker,
  url: r.url,
  sellGroupName: r.sell_group_name,
  newProduct: r.new_product,
  productType: r.product_type,
  price: { value: r.price, currencyIso: r.currency, formattedValue: formatPrice(r.price, r.currency, lang) },
})

/**
 * One page of products for a search text, best first: rank (name hits before type or maker hits),
 * then popularity, then code, so equal results always come in the same order.
 */
export async function searchProducts(db: Database, s: ProductSearch): Promise<ProductPage> {
  const { config, name } = BY_LANG[s.lang]
  const select = `SELECT code, ${name} AS name, maker, url, sell_group_name, new_product, product_type,
    price::float8 AS price, currency, (count(*) OVER ())::int AS total FROM products`
  const offset = s.pageSize * s.currentPage
  let rows: ProductRow[]
  if (!s.text.trim()) {
    ;({ rows } = await db.query<ProductRow>(
      `${select} WHERE brand = $1 ORDER BY new_product DESC, popularity DESC, code LIMIT $2 OFFSET $3`,
      [s.brand, s.pageSize, offset],
    ))
  } else {
    const words = searchWords(s.text)
    // Only punctuation or operators typed: nothing can match.
    if (words.length === 0) return { products: [], totalResults: 0 }
    const { whole, prefix } = tsqueryParts(words)
    const query = tsquery(config, whole ? '$5' : undefined, '$4')
    const { match, rank } = matchIn(s.lang, whole ? '$5' : undefined, '$4')
    ;({ rows } = await db.query<ProductRow>(
      `WITH q AS (SELECT ${query} AS query${match.english ? `, ${match.english} AS query_en` : ''})
       ${select}, q WHERE brand = $1 AND ${match.where}
       ORDER BY ${rank} DESC, popularity DESC, code
       LIMIT $2 OFFSET $3`,
      whole ? [s.brand, s.pageSize, offset, prefix, whole] : [s.brand, s.pageSize, offset, prefix],
    ))
  }
  // Past the last page the window count is lost with the rows; count on its own then.
  const totalResults = rows[0]?.total ?? (offset > 0 ? await countProducts(db, s) : 0)
  return { products: rows.map((r) => toProduct(r, s.lang)), totalResults }
}

async function countProducts(db: Database, s: ProductSearch): Promise<number> {
  const all = await searchProducts(db, { ...s, pageSize: 1, currentPage: 0 })
  return all.totalResults
}

/** Whether `code` is a product of the brand's catalogue (cart, recipe sets, notify me). */
export async function productExists(db: Database, brand: Brand, code: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM products WHERE brand = $1 AND code = $2', [brand, code])
  return rows.length > 0
}
