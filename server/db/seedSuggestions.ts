import type { Brand, Lang } from '../../site/brand'
import { type CatalogueProduct, catalogueFor, type ProductType } from '../fixtures/catalogue'
import { BLENDS } from '../fixtures/catalogueData'
import { BRAND_LANGS } from '../fixtures/cmsContent'
import { searchTermsFor } from '../fixtures/searchTerms'
import { searchWords, suggestionKey } from '../search/searchText'
import type { SuggestionCandidate, SuggestionSet } from '../search/suggestions'

/**
 * The seed's candidate suggestions, from the seed data (the popular searches, the catalogue, the
 * blends): the server itself reads only the table refreshSuggestions builds from them.
 */

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

/** Every brand and language's candidates, for refreshSuggestions. */
export const seedSuggestionSets = (): SuggestionSet[] =>
  BRAND_LANGS.map(({ brand, lang }) => ({ brand, lang, candidates: suggestionCandidates(brand, lang) }))
