import { BRANDS } from '../../site/brand'
import type { Database } from '../db/database'
import type { ArtProduct } from './artwork/productArt'
import type { ProductLookup } from './productImages'

/** Sell groups kept once looked up (found or not): a tile grid asks for the same few again and again. */
const KEPT = 2048

/**
 * The products table's row for a sell group, kept once read. A coffee sold in two stores is the same
 * product: the first brand in site/brand.ts's order that sells it answers.
 */
export function productLookup(db: Database): ProductLookup {
  const kept = new Map<string, ArtProduct | undefined>()
  return async (sellGroup) => {
    if (kept.has(sellGroup)) return kept.get(sellGroup)
    const { rows } = await db.query<{
      product_type: ArtProduct['productType']
      brand: string
      name_en: string
      sell_group_name: string
    }>(
      `SELECT product_type, brand, name_en, sell_group_name FROM products
        WHERE sell_group_name = $1 ORDER BY array_position($2::text[], brand) LIMIT 1`,
      [sellGroup, [...BRANDS]],
    )
    const row = rows[0]
    const product = row && {
      productType: row.product_type,
      brand: row.brand,
      nameEn: row.name_en,
      sellGroupName: row.sell_group_name,
    }
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!)
    kept.set(sellGroup, product)
    return product
  }
}
