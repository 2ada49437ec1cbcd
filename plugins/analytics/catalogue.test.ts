// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import type { LogInput } from '../../contracts/logRecord'
import { type Logger, loggerRef } from '../../contracts/serviceRefs'
import { createConsentStore } from '../../kernel/consent/consentStore'
import type { PluginContext } from '../../kernel/plugin/definePlugin'
import { bindService } from '../../kernel/services/serviceBinding'
import type { ServiceRef } from '../../kernel/services/serviceRef'
import { VISITOR_PROFILE_KEY } from '../../site/visitorProfile'
import { createAnalyticsKernel } from '../../test/analyticsKernel'
import { chosenConsent } from '../../test/fakes/chosenConsent'
import { footprintOf } from './catalogue'
import { README_CART_ADD } from './test/readmeCartAdd'

/** A host page's cart_add without its product (a page bug): every product helper fails on it. */
const emitMalformedCartAdd = (kernel: ReturnType<typeof createAnalyticsKernel>['kernel']) =>
  kernel.bus.emit(
    'page:cartAdd',
    { location: 'cart', product: null, entry: { quantity: 1 } } as never,
    'page',
  )

/** The utag.link payloads one event becomes. */
function linksFor(emit: (k: ReturnType<typeof createAnalyticsKernel>['kernel']) => void) {
  const test = createAnalyticsKernel()
  emit(test.kernel)
  expect(test.faults).toEqual([])
  return test.links()
}

describe('the header’s promotions and outbound links, and the host page’s events', () => {
  it('select_promotion and outbound_link_click', () => {
    expect(
      linksFor((k) =>
        k.bus.emit(
          'analytics:promotionSelected',
          { id: 'HolidayPromo', name: 'Holiday blends', location: 'sidebar', path: '/c/holiday' },
          'analytics',
        ),
      ),
    ).toEqual([
      {
        event: 'select_promotion',
        promotion_id: 'HolidayPromo',
        promotion_name: 'Holiday blends',
        creative_slot: 'sidebar',
        click_path: '/c/holiday',
      },
    ])
    expect(
      linksFor((k) =>
        k.bus.emit(
          'analytics:outboundLinkClicked',
          { url: 'https://help.example.com/faq', text: 'Help', location: 'header' },
          'analytics',
        ),
      ),
    ).toEqual([
      {
        event: 'outbound_link_click',
        link_url: 'https://help.example.com/faq',
        link_domain: 'help.example.com',
        click_text: 'Help',
        nav_location: 'header',
      },
    ])
  })

  it('backups (scheduled and smart) and BrewerReg_Failure', () => {
    expect(
      linksFor((k) =>
        k.bus.emit(
          'page:backupCreated',
          { kind: 'scheduled', subscriptionId: 'S1', productCode: 'P1' },
          'page',
        ),
      ),
    ).toEqual([
      { event: 'scheduled_backup', backup_type: 'scheduled', subscription_id: 'S1', product_id: 'P1' },
    ])
    expect(linksFor((k) => k.bus.emit('page:backupCreated', { kind: 'smart' }, 'page'))).toEqual([
      { event: 'smart_backup', backup_type: 'smart', subscription_id: '', product_id: '' },
    ])
    expect(
      linksFor((k) => k.bus.emit('page:brewerRegistrationFailed', { reason: 'serial_invalid' }, 'page')),
    ).toEqual([{ event: 'BrewerReg_Failure', error_code: 'serial_invalid' }])
  })

  it('cart_add with the product fields of nav spec §7 and §5 rules', () => {
    const links = linksFor((k) => k.bus.emit('page:cartAdd', README_CART_ADD, 'page'))
    expect(links).toEqual([
      {
        event: 'cart_add',
        product_name: 'Dark Magic',
        product_id: '5000-0101',
        product_sku: '5000-0101-0002-24',
        product_brand: 'GMCR',
        brand_id: '0101',
        brand_variety_id: '0101-0002',
        product_price: '17.99',
        product_discount: '2.00',
        product_quantity: 2,
        product_variant: '24',
        product_category: 'Beverages',
        program: 'ADF',
        product_type: 'Coffee',
        order_entry_type: 'ADF',
        cart_location: 'product detail',
        page_type: 'product detail',
      },
    ])
  })

  it('cart_add reads the rest of the product, variant and cart-entry models (nav spec §3)', () => {
    const links = linksFor((k) =>
      k.bus.emit(
        'page:cartAdd',
        {
          location: 'QuickShop',
          variantCode: '5000-0102-0003-48',
          product: {
            code: '5000-0102',
            name: 'Breakfast Blend',
            brand: 'Brewco',
            brandCode: 'BRW',
            productType: 'Coffee',
            series: 'Classics',
            packType: 'Canned',
            categories: [
              { code: 'pods', name: 'Coffee pods', url: '/c/pods' },
              { code: 'light', name: 'Light roast', url: '/c/light' },
            ],
            isBundle: false,
            bundleMarkerProduct: false,
            variantOptions: [
              {
                code: '5000-0102-0003-48',
                boxCount: 2,
                count: 48,
                stock: { stockLevelStatus: 'lowStock' },
                priceData: { value: 35.5, currencyIso: 'CAD' },
              },
            ],
          },
          entry: {
            quantity: 1,
            orderEntryType: 'ADC',
            basePrice: { value: 35.5, currencyIso: 'CAD' },
            totalPrice: { value: 31.95, currencyIso: 'CAD' },
            component: { bundleType: { code: 'BBAD_PODS' } },
            rootBundleTemplate: { id: 'BBAD-TEMPLATE-1' },
            masterEntryBundlePrice: { value: 99 },
            orderEntryNumber: 3,
            description: 'Every 4 weeks',
            couponCode: 'WELCOME10',
            boxPerShipmentQty: 2,
            isOneTimeProduct: false,
          },
        },
        'page',
      ),
    )
    expect(links).toEqual([
      expect.objectContaining({
        event: 'cart_add',
        product_sku: '5000-0102-0003-48',
        product_variant: '48',
        program: 'BBAD',
        // Variant
        product_box_count: 2,
        product_stock_status: 'out of stock',
        product_currency: 'CAD',
        // Product
        product_brand_code: 'BRW',
        product_type: 'Coffee',
        product_series: 'Classics',
        product_pack_type: 'Canned',
        product_categories: 'Coffee pods|Light roast',
        product_category_codes: 'pods|light',
        product_is_bundle: 'false',
        product_bundle_marker: 'false',
        // Cart entry
        order_entry_type: 'ADC',
        order_entry_number: 3,
        product_base_price: '35.50',
        cart_total_price: '31.95',
        bundle_type: 'BBAD_PODS',
        bundle_template_id: 'BBAD-TEMPLATE-1',
        bundle_price: '99.00',
        product_description: 'Every 4 weeks',
        coupon_code: 'WELCOME10',
        box_per_shipment_qty: 2,
        one_time_product: 'false',
        // Where: the quick-shop modal, however the page spells it (nav spec §2 page types).
        cart_location: 'QuickShop',
        page_type: 'quick shop',
      }),
    ])
    const inStock = linksFor((k) =>
      k.bus.emit(
        'page:cartAdd',
        {
          ...README_CART_ADD,
          product: {
            ...README_CART_ADD.product,
            variantOptions: [
              {
                code: '5000-0101-0002-24',
                count: 24,
                stock: { stockLevelStatus: 'inStock' },
                priceData: { value: 17.99 },
              },
            ],
          },
        },
        'page',
      ),
    )
    expect(inStock[0]).toMatchObject({ product_stock_status: 'in stock' })
  })

  it.each([
    ['footer', 'footer'],
    ['sideBar', 'sidebar'],
    ['top nav', 'top nav'],
    ['sub-nav', 'sub nav'],
    ['quick-shop', 'quick shop'],
  ])('cart_add from the %s reports page_type %s', (location, type) => {
    const links = linksFor((k) => k.bus.emit('page:cartAdd', { ...README_CART_ADD, location }, 'page'))
    expect(links[0]).toMatchObject({ cart_location: location, page_type: type })
  })

  it("cart_add from anywhere else reports the page's own type", () => {
    const test = createAnalyticsKernel([], {
      context: { location: { pathname: '/fr/b/brewco', search: '', hash: '' } },
    })
    test.kernel.bus.emit('page:cartAdd', { ...README_CART_ADD, location: 'mini cart' }, 'page')
    expect(test.links()[0]).toMatchObject({ cart_location: 'mini cart', page_type: 'product listing' })
  })

  it('a brewer (its address under Coffee-Makers) is reported in the Brewers category', () => {
    const brewer = {
      ...README_CART_ADD,
      product: {
        code: '5200-0199',
        name: 'K-3500',
        url: '/Coffee-Makers/k-3500/p/5200-0199-0400-01',
        variantOptions: [{ code: '5200-0199-0400-01', priceData: { value: 300 } }],
      },
    }
    const links = linksFor((k) => k.bus.emit('page:cartAdd', brewer, 'page'))
    expect(links[0]).toMatchObject({ product_category: 'Brewers' })
  })
})

describe('the page view (nav spec §7 utag.view) and the sink', () => {
  it.each([
    ['/my-account/profile', '', 'profile tab'],
    ['/fr/my-account/profile', '', 'profile tab'],
    ['/my-account', '?dashboard=1', 'dashboard tab'],
    ['/my-account', '', 'profile'],
    ['/b/brewco', '', 'product listing'],
    ['/recipes/search-tips', '', 'search results'],
    ['/Coffee-Makers/k-elite/p/5000-0300-0100-01', '', 'product detail'],
  ])('%s%s reaches the stand-in as page_type %s', (pathname, search, type) => {
    const { sent } = createAnalyticsKernel([], { context: { location: { pathname, search, hash: '' } } })
    expect(sent[0]).toMatchObject({ call: 'view', data: { page_type: type } })
  })

  it("a brewer's page (Coffee-Makers) carries page_category Brewers; other pages no category", () => {
    const brewer = createAnalyticsKernel([], {
      context: { location: { pathname: '/Coffee-Makers/k-elite/p/5000-0300-0100-01', search: '', hash: '' } },
    })
    expect(brewer.sent[0]?.data).toMatchObject({ page_category: 'Brewers' })
    const pods = createAnalyticsKernel([], {
      context: { location: { pathname: '/coffee/p/5000-0101', search: '', hash: '' } },
    })
    expect(pods.sent[0]?.data).not.toHaveProperty('page_category')
  })

  it('one page view when the plugin starts, with page_name, page_id and page_type', () => {
    document.title = 'Coffee pods | Brewco'
    const { sent } = createAnalyticsKernel([], {
      context: { location: { pathname: '/c/coffee-pods', search: '?q=x', hash: '' } },
    })
    expect(sent).toEqual([
      {
        call: 'view',
        data: {
          event: 'page_view',
          page_name: 'Coffee pods | Brewco',
          page_id: '/c/coffee-pods',
          page_type: 'category',
          page_language: 'en',
          site_brand: 'usb2c',
          customer_segments: 'UnknownUser',
          customer_csr: true,
        },
      },
    ])
  })

  it('targeting denied: the page view tells nothing of a profile still stored, and nothing is learnt', () => {
    localStorage.setItem(
      VISITOR_PROFILE_KEY,
      JSON.stringify({ metrics: { visits: 2 }, flags: { active_ad_user: true } }),
    )
    const consent = createConsentStore(chosenConsent({ targeting: false }))
    const { sent } = createAnalyticsKernel([], {
      context: { location: { pathname: '/c/brewers', search: '', hash: '' } },
      siteConfig: {
        allowedCookies: ['visitorSegments', 'visitorSession'],
        consentTargetingCookies: ['visitorSegments'],
      },
      consent,
    })
    expect(sent[0]?.data).toMatchObject({ customer_segments: 'UnknownUser', customer_csr: true })
    expect(JSON.parse(localStorage.getItem(VISITOR_PROFILE_KEY) ?? '{}').badges).toBeUndefined()
    localStorage.clear()
  })

  it('a stored visitor profile gives the page view its customer fields, read before this page is learnt', () => {
    localStorage.setItem(
      VISITOR_PROFILE_KEY,
      JSON.stringify({ metrics: { visits: 2 }, flags: { active_ad_user: true } }),
    )
    const { sent } = createAnalyticsKernel([], {
      context: { location: { pathname: '/c/brewers', search: '', hash: '' } },
      siteConfig: { allowedCookies: ['visitorSegments', 'visitorSession'] },
    })
    expect(sent[0]?.data).toMatchObject({ customer_segments: 'KnownUser~ActiveADUser', customer_csr: false })
    // This page's lesson is kept for the next one.
    expect(JSON.parse(localStorage.getItem(VISITOR_PROFILE_KEY) ?? '{}').badges).toEqual({
      brewer_intender: true,
    })
    localStorage.clear()
  })
})

/** A logger that records what it is given. */
function recordingLogger() {
  const records: LogInput[] = []
  const logger: Logger = { log: (input) => records.push(input), addSink: () => () => {} }
  return { logger, records }
}

/** The context a catalogue mapping is given, with the logger (or none, logging switched off). */
function contextWith(logger: Logger | undefined): PluginContext {
  const optional = <T>(ref: ServiceRef<T>) => (ref === (loggerRef as unknown) ? (logger as T) : undefined)
  return {
    pluginId: 'analytics',
    options: undefined,
    get: () => {
      throw new Error('footprintOf reads only optional services')
    },
    optional,
    emit: vi.fn(),
  }
}

describe('footprintOf (nav spec §8 footprint records of the product helpers)', () => {
  it('logs one ERROR / LOW ANALYTICS_FOOTPRINT record naming the helper and the error', () => {
    const { logger, records } = recordingLogger()
    const footprint = footprintOf(contextWith(logger))
    footprint('priceOf', new TypeError("Cannot read properties of null (reading 'value')"))
    footprint('brandIdOf', 'not an error object')
    expect(records).toEqual([
      {
        logType: 'ERROR',
        logCategory: 'LOW',
        eventType: 'ANALYTICS_FOOTPRINT',
        message: "analytics helper 'priceOf' failed: Cannot read properties of null (reading 'value')",
      },
      {
        logType: 'ERROR',
        logCategory: 'LOW',
        eventType: 'ANALYTICS_FOOTPRINT',
        message: "analytics helper 'brandIdOf' failed: not an error object",
      },
    ])
  })

  it('does nothing, and does not throw, when logging is switched off', () => {
    const footprint = footprintOf(contextWith(undefined))
    expect(() => footprint('variantOf', new Error('x'))).not.toThrow()
  })

  it('a malformed cart_add from the page: the payload is still sent, each failing helper is logged', () => {
    const { logger, records } = recordingLogger()
    const test = createAnalyticsKernel([], { services: [bindService(loggerRef, logger)] })
    emitMalformedCartAdd(test.kernel)
    expect(test.faults).toEqual([])
    expect(test.links()).toEqual([
      {
        event: 'cart_add',
        product_name: '',
        product_id: '',
        product_sku: '',
        product_brand: '',
        brand_id: '',
        brand_variety_id: '',
        product_price: '0.00',
        product_discount: '0.00',
        product_quantity: 1,
        product_variant: '',
        product_category: '',
        program: 'one-time',
        cart_location: 'cart',
        page_type: 'cart',
      },
    ])
    expect(records.length).toBeGreaterThan(0)
    for (const record of records) {
      expect(record).toMatchObject({ logType: 'ERROR', logCategory: 'LOW', eventType: 'ANALYTICS_FOOTPRINT' })
      expect(record.message).toMatch(/^analytics helper '\w+' failed: /)
    }
  })

  it('a logger that throws does not take the cart_add payload down', () => {
    const logger: Logger = {
      log: () => {
        throw new Error('logger down')
      },
      addSink: () => () => {},
    }
    const test = createAnalyticsKernel([], { services: [bindService(loggerRef, logger)] })
    emitMalformedCartAdd(test.kernel)
    expect(test.faults).toEqual([])
    expect(test.links().map((l) => [l.event, l.cart_location])).toEqual([['cart_add', 'cart']])
  })
})
