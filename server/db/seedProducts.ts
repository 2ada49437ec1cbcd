import { BRANDS } from '../../site/brand'
import { catalogueFor } from '../fixtures/catalogue'
import { validateCatalogue } from '../fixtures/validateCatalogue'
import { searchableText } from '../search/searchText'
import { refreshSuggestions } from '../search/suggestions'
import type { Database } from './database'
import { insertRows } from './insertRows'
import { seedSuggestionSets } from './seedSuggestions'

/**
 * The product catalogue, then the search suggestions derived from it (search/suggestions.ts). The
 * searchable columns are folded here in JS (no unaccent in PGlite, see migration 0004; model
 * numbers, migration 0006); PostgreSQL builds the tsvectors from them.
 */
export async function seedProducts(db: Database): Promise<void> {
  validateCatalogue()
  const products = BRANDS.flatMap((brand) =>
    catalogueFor(brand).map((p) => ({
      brand,
      code: p.code,
      maker: p.maker,
      product_type: p.productType,
      name_en: p.name.en,
      name_fr: p.name.fr,
      url: p.url,
      sell_group_name: p.sellGroupName,
      new_product: p.newProduct,
      price: p.price,
      currency: p.currency,
      popularity: p.popularity,
      search_name_en: searchableText(p.name.en),
      search_name_fr: searchableText(p.name.fr),
      search_extra_en: searchableText(`${p.keywords.en} ${p.maker}`),
      search_extra_fr: searchableText(`${p.keywords.fr} ${p.maker}`),
    })),
  )
  const text = 'text'
  await insertRows(
    db,
    'products',
    {
      brand: text,
      code: text,
      maker: text,
      product_type: text,
      name_en: text,
      name_fr: text,
      url: text,
      sell_group_name: text,
      new_product: 'boolean',
      price: 'numeric',
      currency: text,
      popularity: 'integer',
      search_name_en: text,
      search_name_fr: text,
      search_extra_en: text,
      search_extra_fr: text,
    },
    products,
  )
  // After the products: a suggestion is kept only if the products table has a match for it.
  await refreshSuggestions(db, seedSuggestionSets())
}
