import type { Brand } from '../../site/brand'
import { type Lang, localizedPath } from '../../site/language'
import type { Database } from '../db/database'
import { searchProducts } from '../search/productQueries'
import { MAX_SEARCH_TEXT } from '../search/searchText'
import { escapeHtml } from './escapeHtml'
import { searchPageText } from './pageContext'

/** Products listed on the page; the count says how many matched in all. */
const PAGE_SIZE = 24

export interface SearchResultsView {
  text: string
  totalResults: number
  products: { name: string; url: string }[]
}

const TEXT: Record<
  Lang,
  {
    heading: (t: string) => string
    count: (n: number) => string
    none: string
    more: (shown: number, total: number) => string
  }
> = {
  en: {
    heading: (t) => `Results for “${t}”`,
    count: (n) => (n === 1 ? '1 product' : `${n} products`),
    none: 'No products match your search. Try another word, or fewer words.',
    more: (shown, total) => `Showing ${shown} of ${total} products`,
  },
  fr: {
    heading: (t) => `Résultats pour « ${t} »`,
    count: (n) => (n <= 1 ? `${n} produit` : `${n} produits`),
    none: 'Aucun produit ne correspond à votre recherche. Essayez un autre mot, ou moins de mots.',
    more: (shown, total) => `Affichage de ${shown} produits sur ${total}`,
  },
}

/**
 * The products of the search page (`/search?text=`, `/fr/recherche?text=`), from the same query as
 * products/searchText, so the page matches what the header's flyout promised. Undefined without text.
 */
export async function searchResultsFor(
  db: Database,
  brand: Brand,
  lang: Lang,
  query: URLSearchParams,
): Promise<SearchResultsView | undefined> {
  const text = searchPageText(query, MAX_SEARCH_TEXT)
  if (!text) return undefined
  const found = await searchProducts(db, { brand, lang, text, pageSize: PAGE_SIZE, currentPage: 0 })
  return {
    text,
    totalResults: found.totalResults,
    // French product pages live under /fr (nav spec §2, product tiles).
    products: found.products.map((p) => ({ name: p.name, url: localizedPath(lang, p.url) })),
  }
}

/** The results section below the header: heading, count and a list of product links, all escaped. */
export function renderSearchResults(view: SearchResultsView, lang: Lang): string {
  const t = TEXT[lang]
  const items = view.products
    .map((p) => `<li><a href="${escapeHtml(p.url)}">${escapeHtml(p.name)}</a></li>`)
    .join('')
  const shown = view.products.length
  const count = view.totalResults > shown ? t.more(shown, view.totalResults) : t.count(view.totalResults)
  const body = shown === 0 ? `<p>${escapeHtml(t.none)}</p>` : `<p>${escapeHtml(count)}</p><ol>${items}</ol>`
  return `<section aria-labelledby="search-results-heading">
<h2 id="search-results-heading">${escapeHtml(t.heading(view.text))}</h2>
${body}
</section>`
}
