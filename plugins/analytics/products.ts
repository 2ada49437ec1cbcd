import type { TagPayload } from '../../kernel/plugin/definePlugin'
import { isBrewerUrl } from '../../site/brewerUrl'
import { type PageType, type PlaceType, typeOfLocation } from './pageView'

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
  /** The product page's address: a brewer's contains Coffee-Makers (nav spec §2). */
  url?: string
  /** The selected variant among the base options (nav spec §3: variantColor, count). */
  baseOptions?: { selected?: { code?: string; variantColor?: string; count?: number } }[]
  /** A custom brewer's recipe (nav spec §3). */
  recipe?: string
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
  description?: string
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
  // Brewer product addresses contain Coffee-Makers (nav spec §2), the product's or a category's.
  if (isBrewerUrl(product.url) || (product.categories ?? []).some((c) => isBrewerUrl(c.url))) return 'Brewers'
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
 * The product fields of a cart payload (nav spec §7 payload fields), from the navigation spec §3 models with the navigation spec §5
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
    product_variant: guarded('variant', footprint, '', () => {
      // The variant's colour or count; else the base option the shopper selected (nav spec §3).
      const chosen = variant ?? product.baseOptions?.find((o) => o.selected)?.selected
      return chosen?.variantColor ?? (chosen?.count !== undefined ? String(chosen.count) : '')
    }),
    product_category: guarded('categoryLabel', footprint, '', () => categoryLabel(product)),
    program,
    ...guarded('modelFields', footprint, {}, () => modelFields(product, variant, entry)),
  }
}

/** A yes/no of the model as the tag manager's fields take it. */
const yesNo = (b: boolean | undefined) => (b ? 'true' : 'false')

/**
 * The rest of nav spec §3's product, variant and cart-entry models, each read into the payload when
 * the page's data has it (a field the data leaves out is left out, never sent empty): the variant's
 * box count, stock status and currency (its colour or count is `product_variant`); the product's brand code, type, series, pack
 * type, categories, bundle flags and recipe; the cart entry's order entry type and number, base and
 * total price, bundle type, root bundle template and bundle price, description, coupon code, boxes
 * per shipment and one-time flag. Prices to 2 decimals (nav spec §5).
 */
export function modelFields(
  product: AnalyticsProduct,
  variant: AnalyticsVariant | undefined,
  entry: CartEntry,
): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  const put = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') out[key] = value
  }
  const money = (p: PriceData | undefined) => (p === undefined ? undefined : twoDecimals(p.value))
  // Variant (its colour or count is product_variant already)
  put('product_box_count', variant?.boxCount)
  const stock = variant?.stock?.stockLevelStatus
  if (stock !== undefined) put('product_stock_status', stock === 'inStock' ? 'in stock' : 'out of stock')
  put('product_currency', variant?.priceData?.currencyIso ?? entry.basePrice?.currencyIso)
  // Product
  put('product_brand_code', product.brandCode)
  put('product_type', product.productType)
  put('product_series', product.series)
  put('product_pack_type', product.packType)
  const categories = product.categories ?? []
  if (categories.length > 0) {
    put('product_categories', categories.map((c) => c.name).join('|'))
    put('product_category_codes', categories.map((c) => c.code).join('|'))
  }
  if (product.isBundle !== undefined) put('product_is_bundle', yesNo(product.isBundle))
  if (product.bundleMarkerProduct !== undefined)
    put('product_bundle_marker', yesNo(product.bundleMarkerProduct))
  put('product_recipe', product.recipe)
  // Cart entry
  put('order_entry_type', entry.orderEntryType)
  put('order_entry_number', entry.orderEntryNumber)
  put('product_base_price', money(entry.basePrice))
  put('cart_total_price', money(entry.totalPrice))
  put('bundle_type', entry.component?.bundleType?.code)
  put('bundle_template_id', entry.rootBundleTemplate?.id)
  put('bundle_price', money(entry.masterEntryBundlePrice))
  put('product_description', entry.description)
  put('coupon_code', entry.couponCode)
  put('box_per_shipment_qty', entry.boxPerShipmentQty)
  if (entry.isOneTimeProduct !== undefined) put('one_time_product', yesNo(entry.isOneTimeProduct))
  return out
}

/**
 * `cart_add` (nav spec §7): the product fields, where in the store it was added (`cart_location`, as
 * the page says it) and the page type (nav spec §2) of that place: the location's when it names one
 * (the quick-shop modal, the footer, a page type by name), else the page's own (`pageType`).
 */
export function cartAddTags(
  e: { product: AnalyticsProduct; entry: CartEntry; location: string; variantCode?: string },
  footprint: Footprint,
  pageType: PageType = 'content',
): TagPayload {
  const location = guarded('location', footprint, '', () => String(e.location ?? ''))
  const type: PageType | PlaceType = typeOfLocation(location) ?? pageType
  return {
    event: 'cart_add',
    ...productFields(e.product, e.entry, footprint, e.variantCode),
    cart_location: location,
    page_type: type,
  }
}
