// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { createAnalyticsKernel as analyticsKernel } from '../../test/analyticsKernel'
import { searchAnalytics } from './analytics'
import searchPlugin from './index'

/** The analytics plugin with the search plugin's own handlers (the rest of the plugin aside). */
const createAnalyticsKernel = () =>
  analyticsKernel([definePlugin({ id: 'search', analytics: searchAnalytics })])

const product = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Product ${code}`,
  brand: 'Brewco',
  url: `/coffee/p/${code}`,
  sellGroupName: `SG${code}`,
  ...extra,
})

describe('search analytics (nav spec §7)', () => {
  const p = product('5000-0101-0001-01', { name: 'Dark Magic', brand: 'Brewco' })

  it('suggestion click: search of type suggested', () => {
    const { kernel, pushed } = createAnalyticsKernel()
    kernel.bus.emit('search:suggestionClicked', { term: 'dark roast' }, 'search')
    expect(pushed.map((x) => x.payload)).toEqual([
      { event: 'search', search_term: 'dark roast', search_type: 'suggested' },
    ])
    expect(pushed[0]?.pluginId).toBe('search')
  })

  it('tile click: search of type related plus select_item with 1-based position and result count', () => {
    const { kernel, pushed } = createAnalyticsKernel()
    kernel.bus.emit(
      'search:productClicked',
      { term: 'dark', product: p as never, position: 2, total: 37 },
      'search',
    )
    expect(pushed.map((x) => x.payload)).toEqual([
      { event: 'search', search_term: 'dark', search_type: 'related' },
      {
        event: 'select_item',
        product_id: '5000-0101-0001-01',
        product_name: 'Dark Magic',
        product_brand: 'Brewco',
        position: 2,
        item_list_name: 'search results',
        affiliation: 'online store',
        number_of_results: 37,
      },
    ])
  })

  it('a brewer tile (its address under Coffee-Makers) reaches the stand-in with product_category Brewers', () => {
    const test = createAnalyticsKernel()
    const brewer = product('5200-0199-0400-01', { url: '/Coffee-Makers/k-3500/p/5200-0199-0400-01' })
    test.kernel.bus.emit(
      'search:productClicked',
      { term: 'k', product: brewer as never, position: 1, total: 3 },
      'search',
    )
    test.kernel.bus.emit(
      'search:productClicked',
      { term: 'k', product: p as never, position: 2, total: 3 },
      'search',
    )
    const items = test.links().filter((l) => l.event === 'select_item')
    expect(items.map((l) => l.product_category)).toEqual(['Brewers', undefined])
  })

  it('tiles shown: product_list_impressions with list L001 and parallel arrays; nothing for no tiles', () => {
    const { kernel, pushed } = createAnalyticsKernel()
    const q = product('2', { name: 'Mug', brand: 'Brewco Home' })
    kernel.bus.emit('search:productsShown', { term: 'm', products: [p, q] as never }, 'search')
    kernel.bus.emit('search:productsShown', { term: 'm', products: [] }, 'search')
    expect(pushed.map((x) => x.payload)).toEqual([
      {
        event: 'product_list_impressions',
        list_id: 'L001',
        list_name: 'search results',
        affiliation: 'online store',
        product_id: ['5000-0101-0001-01', '2'],
        product_brand: ['Brewco', 'Brewco Home'],
        product_name: ['Dark Magic', 'Mug'],
        product_position: [1, 2],
      },
    ])
  })

  it('Enter on the shopper’s own text: search of type typed', () => {
    const { kernel, links } = createAnalyticsKernel()
    kernel.bus.emit('search:submitted', { term: 'cold brew' }, 'search')
    expect(links()).toEqual([{ event: 'search', search_term: 'cold brew', search_type: 'typed' }])
  })
})

describe('the search plugin owns its reports', () => {
  it('its manifest brings them; a brand that switches it off reports no search event', () => {
    const on = analyticsKernel([searchPlugin])
    expect(on.faults).toEqual([])
    on.kernel.bus.emit('search:submitted', { term: 'cold brew' }, 'search')
    expect(on.links()).toEqual([{ event: 'search', search_term: 'cold brew', search_type: 'typed' }])
    expect(on.pushed.map((p) => p.pluginId)).toEqual(['search'])

    const off = analyticsKernel([])
    off.kernel.bus.emit('search:submitted', { term: 'cold brew' }, 'search')
    expect(off.links()).toEqual([])
    expect(off.faults).toEqual([])
  })
})
