import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRANDS } from '../../site/brand'
import type { Database } from '../db/database'
import { migrate } from '../db/migrate'
import { seedProducts } from '../db/seedProducts'
import { openTestDatabase } from '../db/testing/testStore'
import { catalogueFor } from '../fixtures/catalogue'
import { productArtFor } from './artwork/productArt'
import { productLookup } from './productLookup'
import { catalogueProductOf } from './testing/catalogueProducts'

describe('the image stand-in reads what a product is from the products table', () => {
  let db: Database
  beforeAll(async () => {
    db = await openTestDatabase()
    await migrate(db)
    await seedProducts(db)
  })
  afterAll(() => db.close())

  it('answers each seeded sell group as the seed catalogue has it, the first brand first', async () => {
    const lookup = productLookup(db)
    const sellGroups = [...new Set(BRANDS.flatMap((b) => catalogueFor(b).map((p) => p.sellGroupName)))]
    for (const sellGroup of sellGroups.filter((_s, i) => i % 7 === 0))
      expect(await lookup(sellGroup), sellGroup).toEqual(catalogueProductOf(sellGroup))
    expect(await lookup('NoSuchProduct_KCup24')).toBeUndefined()
  })

  it('so a smart brewer is drawn as one, which its name alone would not tell', async () => {
    const lookup = productLookup(db)
    const smart = BRANDS.flatMap((b) => catalogueFor(b)).find(
      (p) => p.productType === 'Brewer' && /smart/i.test(p.name.en) && !/smart/i.test(p.sellGroupName),
    )
    const name = `${smart?.sellGroupName ?? 'KSupremePlusSmartCoffeeMaker_White'}_EN_GN`
    const product = await lookup(name.replace(/_EN_GN$/, ''))
    expect(productArtFor(name, '#000000', product).kind).toBe('smartBrewer')
  })
})
