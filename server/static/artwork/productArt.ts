import type { DrawingKind } from './drawings'

/** What a product's picture is drawn from: its row of the products table. */
export interface ArtProduct {
  productType: 'Coffee' | 'Brewer' | 'Accessory' | 'Bundle'
  /** The store brand (usb2c, cab2c, usafh). */
  brand: string
  nameEn: string
  sellGroupName: string
}

/** What a product tile shows: the drawing of the product's kind, in the product's colour. */
export interface ProductArt {
  kind: DrawingKind
  accent: string
}

/** The image name without the store suffixes (`_CA`, `_EN_GN`), as the catalogue's sellGroupName. */
export const sellGroupOf = (imageName: string): string => imageName.replace(/(_CA)?_EN_GN$/, '')

/** Finishes (catalogueModels.ts FINISHES) in their own colours: a "Matte White" brewer or mug is drawn white. */
const FINISH_COLOURS: Record<string, string> = { Black: '#2f2f33', Silver: '#8a9099', White: '#d9d5cd' }
const STAINLESS = '#3a3f46'

/** Accessories by what their English name says they are; anything else ships in a case. */
const ACCESSORY_KINDS: readonly [RegExp, DrawingKind][] = [
  [/mug/i, 'mug'],
  [/descal|maintenance/i, 'descaler'],
  [/water filter/i, 'waterFilter'],
  [/pod storage|carousel|drip tray/i, 'podDrawer'],
  [/rinse pods|reusable coffee filter/i, 'pod'],
  [/cups?\b|lids|sleeves/i, 'paperCup'],
]

function coffeeKind(format: string): DrawingKind {
  if (format.startsWith('KCup')) return 'podBox'
  if (format.startsWith('Can')) return 'canister'
  return 'coffeeBag'
}

function artOf(product: ArtProduct, colour: string): ProductArt {
  const format = product.sellGroupName.split('_').pop() ?? ''
  switch (product.productType) {
    case 'Coffee':
      return { kind: coffeeKind(format), accent: colour }
    case 'Brewer': {
      const commercial = product.brand === 'usafh'
      if (commercial) return { kind: 'commercialBrewer', accent: STAINLESS }
      const kind: DrawingKind = /smart/i.test(product.nameEn) ? 'smartBrewer' : 'brewer'
      return { kind, accent: FINISH_COLOURS[format] ?? colour }
    }
    case 'Accessory': {
      const kind = ACCESSORY_KINDS.find(([pattern]) => pattern.test(product.nameEn))?.[1] ?? 'caseBox'
      return { kind, accent: FINISH_COLOURS[format] ?? colour }
    }
    case 'Bundle':
      return { kind: 'starterKit', accent: product.brand === 'usafh' ? STAINLESS : '#2f2f33' }
  }
}

/**
 * The picture of the product an image name stands for: its products-table row (`product`, looked up
 * by sell group) says what it is. A name no product has (the image service answers any) is read by
 * its pack code, else a box of pods, the store's most common product.
 */
export function productArtFor(imageName: string, colour: string, product?: ArtProduct): ProductArt {
  const sellGroup = sellGroupOf(imageName)
  if (product) return artOf(product, colour)
  const format = sellGroup.split('_').pop() ?? ''
  if (/^(KCup|Can|Ground|Bean|Bulk|Frac)/.test(format)) return { kind: coffeeKind(format), accent: colour }
  if (/Bundle$/.test(sellGroup)) return { kind: 'starterKit', accent: '#2f2f33' }
  if (/CoffeeMaker|Brewer/.test(sellGroup))
    return { kind: 'brewer', accent: FINISH_COLOURS[format] ?? colour }
  return { kind: 'podBox', accent: colour }
}
