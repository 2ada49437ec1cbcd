import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import {
  type AnalyticsProduct,
  brandIdOf,
  brandVarietyIdOf,
  type CartEntry,
  categoryLabel,
  isExcludedVariantCode,
  productFields,
  programOf,
  reportedBrand,
  twoDecimals,
} from './products'

const part = fc.stringMatching(/^[0-9A-Z]{1,5}$/)
const price = fc.record({ value: fc.double({ min: 0, max: 1000, noNaN: true }) })
const variant = fc.record(
  {
    code: fc.tuple(part, part, part, part).map((p) => p.join('-')),
    count: fc.integer({ min: 1, max: 96 }),
    priceData: price,
    originalPriceData: price,
    discountPriceData: price,
    isDiscountPrice: fc.boolean(),
    salesPriceStrategy: fc.constantFrom('ALL', 'OTP', 'AD_PARENT_OTP', 'NONE'),
  },
  { requiredKeys: ['code'] },
)
const product: fc.Arbitrary<AnalyticsProduct> = fc.record(
  {
    code: fc.string(),
    name: fc.string(),
    brand: fc.constantFrom('Brewco', 'green mountain coffee roasters', 'Peet’s', ''),
    productType: fc.constantFrom('Coffee', 'Accessory', 'Brewer', 'Bundle', 'Other'),
    variantOptions: fc.array(variant, { maxLength: 4 }),
    isBundle: fc.boolean(),
  },
  { requiredKeys: ['code', 'name'] },
)
const entry: fc.Arbitrary<CartEntry> = fc.record(
  {
    quantity: fc.integer({ min: -5, max: 50 }),
    orderEntryType: fc.constantFrom('ADF', 'ADC', 'ADCF', 'standard', undefined),
    component: fc.record({ bundleType: fc.record({ code: fc.constantFrom('CVP', 'KSKLITE', 'AFH', 'X') }) }),
    rootBundleTemplate: fc.record({ id: fc.constantFrom('FREEBREWER', 'KSKBBADSCH', 'MFP', '') }),
    isOneTimeProduct: fc.boolean(),
  },
  { requiredKeys: ['quantity'] },
)

describe('variant codes (nav spec §3)', () => {
  it('brand id is the second part, variety id the second and third', () => {
    expect(brandIdOf('5000-0101-0002-24')).toBe('0101')
    expect(brandVarietyIdOf('5000-0101-0002-24')).toBe('0101-0002')
    expect(brandIdOf('5000-0101-0002')).toBe('')
  })
  it('marker, bundle, starter-pack and -collection codes are excluded (no ids)', () => {
    for (const code of ['5000-marker-1-2', 'X-bundle-1-2', 'starter-pack-1-2-3', 'A-B-fall-collection'])
      expect([isExcludedVariantCode(code), brandIdOf(code), brandVarietyIdOf(code)]).toEqual([true, '', ''])
  })
  it('property: any four-part code without an excluded word gives its parts', () => {
    fc.assert(
      fc.property(fc.tuple(part, part, part, part), (p) => {
        const code = p.join('-')
        fc.pre(!isExcludedVariantCode(code))
        expect(brandIdOf(code)).toBe(p[1])
        expect(brandVarietyIdOf(code)).toBe(`${p[1]}-${p[2]}`)
      }),
    )
  })
})

describe('formatting (nav spec §5)', () => {
  it('house brands are GMCR; discounts to 2 decimals; category labels', () => {
    expect(reportedBrand(' Green  Mountain Coffee Roasters ')).toBe('GMCR')
    expect(reportedBrand('Brewco')).toBe('GMCR')
    expect(reportedBrand('Peet’s')).toBe('Peet’s')
    expect(twoDecimals(1.005 + 1)).toMatch(/^\d+\.\d{2}$/)
    expect(twoDecimals(-3)).toBe('0.00')
    expect(
      ['Coffee', 'Accessory', 'Brewer', 'Bundle'].map((productType) =>
        categoryLabel({ code: '', name: '', productType }),
      ),
    ).toEqual(['Beverages', 'Accessories', 'Brewers', 'Bundle'])
  })
  it('program types from the cart entry (nav spec §1)', () => {
    expect(programOf({ quantity: 1 })).toBe('one-time')
    expect(programOf({ quantity: 1, orderEntryType: 'ADF' })).toBe('ADF')
    expect(programOf({ quantity: 1, orderEntryType: 'ADCF' })).toBe('BBAD')
    expect(programOf({ quantity: 1, component: { bundleType: { code: 'CVP' } } })).toBe('CVP')
    expect(
      programOf({ quantity: 1, orderEntryType: 'ADF', component: { bundleType: { code: 'CVP' } } }),
    ).toBe('CVP auto-delivery')
    expect(programOf({ quantity: 1, rootBundleTemplate: { id: 'FIFTYPERCENTBREWER' } })).toBe(
      'KSK fifty percent brewer',
    )
    expect(programOf({ quantity: 1, rootBundleTemplate: { id: 'KSKBBADSCH' } })).toBe('KSKBBADSCH')
    expect(programOf({ quantity: 1, rootBundleTemplate: { id: 'AFH-OFFICE' } })).toBe('AFH')
    expect(programOf({ quantity: 1, rootBundleTemplate: { id: 'MFP' } })).toBe('monthly fixed price')
  })
  it('price strategy: an OTP sale is not the price of an auto-delivery', () => {
    const p: AnalyticsProduct = {
      code: 'P',
      name: 'N',
      variantOptions: [
        {
          code: '1-2-3-4',
          priceData: { value: 20 },
          discountPriceData: { value: 15 },
          isDiscountPrice: true,
          salesPriceStrategy: 'OTP',
        },
      ],
    }
    const none = () => undefined
    expect(productFields(p, { quantity: 1 }, none).product_price).toBe('15.00')
    expect(productFields(p, { quantity: 1 }, none).product_discount).toBe('5.00')
    expect(productFields(p, { quantity: 1, orderEntryType: 'ADF' }, none).product_price).toBe('20.00')
  })
})

describe('product payloads over generated products and cart entries', () => {
  it('property: every field is present, prices have 2 decimals, nothing is logged for well-formed data', () => {
    fc.assert(
      fc.property(product, entry, (p, e) => {
        const footprint = vi.fn()
        const fields = productFields(p, e, footprint)
        expect(String(fields.product_price)).toMatch(/^\d+\.\d{2}$/)
        expect(String(fields.product_discount)).toMatch(/^\d+\.\d{2}$/)
        expect(fields.product_quantity).toBeGreaterThanOrEqual(0)
        expect(['Beverages', 'Accessories', 'Brewers', 'Bundle', '']).toContain(fields.product_category)
        expect(footprint).not.toHaveBeenCalled()
      }),
    )
  })
  it('property: malformed data never throws; each failing helper is one footprint record', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (p, e) => {
        const footprint = vi.fn()
        expect(() => productFields(p as AnalyticsProduct, e as CartEntry, footprint)).not.toThrow()
        for (const [helper] of footprint.mock.calls) expect(typeof helper).toBe('string')
      }),
    )
    const footprint = vi.fn()
    productFields(null as unknown as AnalyticsProduct, null as unknown as CartEntry, footprint)
    expect(footprint).toHaveBeenCalled()
  })
})
