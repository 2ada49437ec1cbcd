import type { TagPayload } from '../../kernel/plugin/definePlugin'

/** A price as the commerce API gives it (nav spec §3). */
export interface PriceData {
  value: number
  currencyIso?: string
}

/** A product variant (nav spec §3). */
export interface AnalyticsVariant {
  code: string
  defaultVariant?: boolean
  variantColor?: string
  boxCount?: number
  count?: number
  stock?: { stockLevelStatus: string }
  priceData?: PriceData
  originalPriceData?: PriceData
  discountPriceData?: PriceData
  promotedPriceData?: PriceData
  personalizedPriceData?: PriceData
  campaignPriceData?: PriceData
  isDiscountPrice?: boolean
  /** Which purchases a sale price applies to: ALL, OTP (one-time only), AD_PARENT_OTP, or other. */
  salesPriceStrategy?: string
}

/** A product as analytics reads it (nav spec §3). */
export interface AnalyticsProduct {
  code: string
  name: string
  brand?: string
  brandCode?: string
  productType?: 'Coffee' | 'Accessory' | 'Brewer' | 'Bundle' | string
  series?: string
  packType?: 'Bagged' | 'Canned' | string
  categories?: { code: string; name: string; url?: string }[]
  variantOptions?: AnalyticsVariant[]
  defaultVariantCode?: string
  bundleMarkerProduct?: boolean
  isBundle?: boolean
  isBrewersCategory?: boolean
  isAccessoriesCategory?: boolean
  isBeveragesCategory?: boolean
  isOtherBeveragesCategory?: boolean
}

/** A cart entry (nav spec §3). */
export interface CartEntry {
  quantity: number
  /** ADF (auto-delivery), ADC / ADCF (BBAD), or standard. */
  orderEntryType?: string
  basePrice?: PriceData
  totalPrice?: PriceData
  component?: { bundleType?: { code?: string } }
  rootBundleTemplate?: { id?: string }
  masterEntryBundlePrice?: PriceData
  orderEntryNumber?: number
  couponCode?: string
  boxPerShipmentQty?: number
  isOneTimeProduct?: boolean
}

/** Where a helper failed, for the footprint logger (nav spec §8); the helper answers its fallback. */
export type Footprint = (helper: string, error: unknown) => void

/** Variant codes that are no sellable variant (nav spec §3): bundle markers, bundles, starter packs, collections. */
const EXCLUDED_CODE = /marker|bundle|starter-pack|-collection/i

/** Whether a variant code is one nav spec §3 excludes from analytics. */
export const isExcludedVariantCode = (code: string): boolean => EXCLUDED_CODE.test(code)

/** The four dash-separated parts of a reportable variant code, or undefined. */
function codeParts(code: string): string[] | undefined {
  if (isExcludedVariantCode(code)) return undefined
  const parts = code.split('-')
  return parts.length === 4 && parts.every((p) => p.length > 0) ? parts : undefined
}

/** The brand id: the code's second part ('' for an excluded or malformed code). */
export const brandIdOf = (code: string): string => codeParts(code)?.[1] ?? ''

/** The brand variety id: the code's second and third parts, joined by '-' ('' when none). */
export function brandVarietyIdOf(code: string): string {
  const parts = codeParts(code)
  return parts ? `${parts[1]}-${parts[2]}` : ''
}

/** The store's own brands, reported under one name (nav spec §5). */
export const HOUSE_BRANDS = [
  'gmcr',
  'green mountain',
  'green mountain coffee',
  'green mountain coffee roasters',
  'brewco',
]
export const HOUSE_BRAND_NAME = 'GMCR'

/** The brand name as reported: house brands normalised to GMCR, others trimmed. */
export function reportedBrand(brand: string | undefined): string {
  const name = (brand ?? '').trim().replace(/\s+/g, ' ')
  return HOUSE_BRANDS.includes(name.toLowerCase()) ? HOUSE_BRAND_NAME : name
}

/** The category label (nav spec §5): Beverages, Accessories, Brewers or Bundle; '' when none applies. */
export function categoryLabel(product: AnalyticsProduct): string {
  if (product.isBundle || product.productType === 'Bundle') return 'Bundle'
  if (product.isBrewersCategory || product.productType === 'Brewer') return 'Brewers'
  if (product.isAccessoriesCategory || product.productType === 'Accessory') return 'Accessories'
  if (product.isBeveragesCategory || product.isOtherBeveragesCategory || product.productType === 'Coffee')
    return 'Beverages'
  return ''
}

/** An amount to 2 decimals, as the tag manager's price fields expect it (nav spec §5). */
export const twoDecimals = (n: number): string => (Number.isFinite(n) ? Math.max(0, n) : 0).toFixed(2)

/** The program types of nav spec §1, by the bundle code that names them. */
const BUNDLE_PROGRAMS: readonly [RegExp, string][] = [
  [/KSKBBADSCH/i, 'KSKBBADSCH'],
  [/KSKBBAD/i, 'KSKBBAD'],
  [/KSKLITE/i, 'KSKLITE'],
  [/FIFTYPERCENTBREWER/i, 'KSK fifty percent brewer'],
  [/FREEBREWER/i, 'KSK free brewer'],
  [/MONTHLY|MFP/i, 'monthly fixed price'],
  [/AFH/i, 'AFH'],
]

/**
 * The program of a cart entry (nav spec §1): from its bundle code (rootBundleTemplate id, else the
 * component's bundle type), then its order entry type: KSK variants, AFH, monthly fixed price, CVP
 * (auto-delivery when the entry is ADF), BBAD (ADC/ADCF), ADF, otherwise one-time.
 */
export function programOf(entry: CartEntry): string {
  const code = `${entry.rootBundleTemplate?.id ?? ''} ${entry.component?.bundleType?.code ?? ''}`
  const type = (entry.orderEntryType ?? '').toUpperCase()
  for (const [pattern, program] of BUNDLE_PROGRAMS) if (pattern.test(code)) return program
  if (/CVP/i.test(code)) return type === 'ADF' ? 'CVP auto-delivery' : 'CVP'
  if (entry.isOneTimeProduct) return 'one-time'
  if (type === 'ADC' || type === 'ADCF') return 'BBAD'
  if (type === 'ADF') return 'ADF'
  return 'one-time'
}

/**
 * Whether the variant's sale price applies to this purchase (its salesPriceStrategy): ALL to every
 * purchase, OTP to one-time purchases only, AD_PARENT_OTP to one-time purchases and auto-delivery
 * parents (ADF); any other strategy to none.
 */
export function salePriceApplies(strategy: string | undefined, program: string): boolean {
  if (strategy === 'ALL') return true
  if (strategy === 'OTP') return program === 'one-time'
  if (strategy === 'AD_PARENT_OTP') return program === 'one-time' || program === 'ADF'
  return false
}

/** The price paid and the list price of `variant` for a purchase of `program`. */
export function priceOf(variant: AnalyticsVariant, program: string): { price: number; list: number } {
  const list = variant.originalPriceData?.value ?? variant.priceData?.value ?? 0
  const own = variant.personalizedPriceData ?? variant.campaignPriceData
  if (own) return { price: own.value, list }
  const sale = variant.promotedPriceData ?? (variant.isDiscountPrice ? variant.discountPriceData : undefined)
  const applies = sale && salePriceApplies(variant.salesPriceStrategy, program)
  return { price: applies ? sale.value : (variant.priceData?.value ?? list), list }
}

/** Runs a helper; a throw goes to the footprint logger and the fallback is answered. */
function guarded<T>(helper: string, footprint: Footprint, fallback: T, fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    try {
      footprint(helper, error)
    } catch {
      // A failing logger must not take the payload down either.
    }
    return fallback
  }
}

/**
 * The product fields of a cart payload (nav spec §7 payload fields), from the §3 models with the §5
 * rules. Never throws: a helper that fails (malformed data from the page) is logged through
 * `footprint` and its field is ''.
 */
export function productFields(
  product: AnalyticsProduct,
  entry: CartEntry,
  footprint: Footprint,
  variantCode?: string,
): Record<string, string | number> {
  const program = guarded('programOf', footprint, 'one-time', () => programOf(entry))
  const variant = guarded('variantOf', footprint, undefined, () => {
    const code = variantCode ?? product.defaultVariantCode
    const options = product.variantOptions ?? []
    return options.find((v) => v.code === code) ?? options.find((v) => v.defaultVariant) ?? options[0]
  })
  const sku = guarded(
    'sku',
    footprint,
    '',
    () => variant?.code ?? variantCode ?? product.defaultVariantCode ?? '',
  )
  const reportable = guarded('isExcludedVariantCode', footprint, false, () => !isExcludedVariantCode(sku))
  const prices = guarded('priceOf', footprint, { price: 0, list: 0 }, () =>
    variant
      ? priceOf(variant, program)
      : { price: entry.basePrice?.value ?? 0, list: entry.basePrice?.value ?? 0 },
  )
  return {
    product_name: guarded('name', footprint, '', () => String(product.name ?? '')),
    product_id: guarded('code', footprint, '', () => String(product.code ?? '')),
    product_sku: reportable ? sku : '',
    product_brand: guarded('reportedBrand', footprint, '', () => reportedBrand(product.brand)),
    brand_id: guarded('brandIdOf', footprint, '', () => brandIdOf(sku)),
    brand_variety_id: guarded('brandVarietyIdOf', footprint, '', () => brandVarietyIdOf(sku)),
    product_price: guarded('price', footprint, '0.00', () => twoDecimals(prices.price)),
    product_discount: guarded('discount', footprint, '0.00', () => twoDecimals(prices.list - prices.price)),
    product_quantity: guarded('quantity', footprint, 0, () => Math.max(0, Math.trunc(entry.quantity)) || 0),
    product_variant: guarded(
      'variant',
      footprint,
      '',
      () => variant?.variantColor ?? (variant?.count !== undefined ? String(variant.count) : ''),
    ),
    product_category: guarded('categoryLabel', footprint, '', () => categoryLabel(product)),
    program,
  }
}

/** `cart_add` (nav spec §7): the product fields and where in the store it was added. */
export function cartAddTags(
  e: { product: AnalyticsProduct; entry: CartEntry; location: string; variantCode?: string },
  footprint: Footprint,
): TagPayload {
  return {
    event: 'cart_add',
    ...productFields(e.product, e.entry, footprint, e.variantCode),
    cart_location: guarded('location', footprint, '', () => String(e.location ?? '')),
  }
}
