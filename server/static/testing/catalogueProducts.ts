import { BRANDS } from '../../../site/brand'
import { catalogueFor } from '../../fixtures/catalogue'
import type { ArtProduct } from '../artwork/productArt'
import { sellGroupOf } from '../artwork/productArt'
import type { ProductLookup } from '../productImages'

let bySellGroup: Map<string, ArtProduct> | undefined

/**
 * For tests without a database: the seed catalogue's product an image name stands for, as the
 * products table would answer it (the first brand in site/brand.ts's order that sells it).
 */
export function catalogueProductOf(imageName: string): ArtProduct | undefined {
  if (!bySellGroup) {
    bySellGroup = new Map()
    for (const brand of BRANDS)
      for (const p of catalogueFor(brand))
        if (!bySellGroup.has(p.sellGroupName))
          bySellGroup.set(p.sellGroupName, {
            productType: p.productType,
            brand,
            nameEn: p.name.en,
            sellGroupName: p.sellGroupName,
          })
  }
  return bySellGroup.get(sellGroupOf(imageName))
}

/** The same, as the image route's lookup. */
export const catalogueLookup: ProductLookup = async (sellGroup) => catalogueProductOf(sellGroup)
