import { describe, expect, it, vi } from 'vitest'
import { BRAND_CONFIGS } from './brands'
import { validateBrandConfig } from './brands/brandSchema'
import { PLUGIN_CATALOGUE } from './catalogue'
import { loadBrandPlugins, pagePlugins } from './loadPlugins'

describe('brand plugin loading', () => {
  it('never calls the loader of a switched-off plugin', async () => {
    const spy = vi.spyOn(PLUGIN_CATALOGUE.nav, 'load')
    const { entries, faults } = await loadBrandPlugins(BRAND_CONFIGS.usb2c, new Set(['nav']))
    expect(spy).not.toHaveBeenCalled()
    expect(entries.map((e) => e.manifest.id)).toEqual([
      'logging',
      'analytics',
      'consent',
      'content',
      'search',
      'auth',
      'loyalty',
    ])
    expect(faults).toEqual([])
    spy.mockRestore()
  })

  it('loads enabled plugins with their brand options', async () => {
    const { entries } = await loadBrandPlugins(BRAND_CONFIGS.usafh, new Set())
    expect(entries.map((e) => [e.manifest.id, e.options])).toEqual([
      ['logging', undefined],
      ['analytics', undefined],
      ['consent', undefined],
      ['content', undefined],
      ['nav', undefined],
      ['search', undefined],
      ['auth', expect.objectContaining({ menuSet: 'commercial' })],
      ['loyalty', undefined],
    ])
  })

  it('reports a plugin whose chunk fails to load, and keeps the others', async () => {
    const spy = vi
      .spyOn(PLUGIN_CATALOGUE.nav, 'load')
      .mockRejectedValue(new Error('Failed to fetch dynamically imported module'))
    const { entries, faults } = await loadBrandPlugins(BRAND_CONFIGS.cab2c, new Set())
    expect(entries.map((e) => e.manifest.id)).toEqual([
      'logging',
      'analytics',
      'consent',
      'content',
      'search',
      'auth',
      'loyalty',
    ])
    expect(faults[0]).toMatchObject({ code: 'PLUGIN_SETUP_FAILED', pluginId: 'nav' })
    spy.mockRestore()
  })

  it('a brand whose file leaves loyalty out never loads its code (switched off by brand configuration)', async () => {
    const spy = vi.spyOn(PLUGIN_CATALOGUE.loyalty, 'load')
    const withoutLoyalty = {
      ...BRAND_CONFIGS.usb2c,
      plugins: BRAND_CONFIGS.usb2c.plugins.filter((p) => p.id !== 'loyalty'),
    }
    const { entries, faults } = await loadBrandPlugins(withoutLoyalty, new Set())
    expect(spy).not.toHaveBeenCalled()
    expect(entries.map((e) => e.manifest.id)).not.toContain('loyalty')
    expect(faults).toEqual([])
    spy.mockRestore()
  })

  it('takes page-level plugins from window.oneHeaderPlugins, skipping junk', () => {
    const win = { oneHeaderPlugins: [{ id: 'promo' }, null, 'x', 3] } as unknown as Window
    expect(pagePlugins(win).map((e) => e.manifest.id)).toEqual(['promo'])
    expect(pagePlugins({} as Window)).toEqual([])
    expect(pagePlugins({ oneHeaderPlugins: 'nope' } as unknown as Window)).toEqual([])
  })
})

describe('brand configurations', () => {
  it('free shipping on usb2c only; French on cab2c only; usafh header 85 px', () => {
    expect(
      Object.entries(BRAND_CONFIGS)
        .filter(([, c]) => c.shell.freeShipping)
        .map(([b]) => b),
    ).toEqual(['usb2c'])
    expect(BRAND_CONFIGS.cab2c.shell.languages).toEqual(['en', 'fr'])
    expect(BRAND_CONFIGS.usb2c.shell.languages).toEqual(['en'])
    expect(BRAND_CONFIGS.usafh.shell.headerHeight).toBe(85)
    expect(BRAND_CONFIGS.usb2c.shell.headerHeight).toBe(80)
  })

  it('every brand validates; unknown plugins and duplicates are refused with a message naming the brand', () => {
    const shell = {
      brandSlug: 'b',
      displayName: 'B',
      languages: ['en' as const],
      freeShipping: false,
      headerHeight: 80,
    }
    for (const config of Object.values(BRAND_CONFIGS)) expect(validateBrandConfig(config)).toEqual(config)
    expect(() => validateBrandConfig({ brand: 'usb2c', shell, plugins: [{ id: 'nope' as 'nav' }] })).toThrow(
      /Brand configuration 'usb2c' is invalid at plugins.0.id/,
    )
    expect(() =>
      validateBrandConfig({ brand: 'usb2c', shell, plugins: [{ id: 'nav' }, { id: 'nav' }] }),
    ).toThrow(/twice/)
  })
})
