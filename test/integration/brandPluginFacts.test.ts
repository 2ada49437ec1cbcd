// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { BRAND_PLUGINS, unmetRequirements } from '../../contracts/brandPlugins'
import { BRAND_CONFIGS } from '../../host/brands'
import { PLUGIN_CATALOGUE, type PluginId } from '../../host/catalogue'

// The console's copy of the brand files and manifests (contracts/brandPlugins.ts) must say what they say.
describe('the console’s plugin facts', () => {
  it('list each brand file’s plugins, in order, with each manifest’s requires', async () => {
    for (const [brand, config] of Object.entries(BRAND_CONFIGS)) {
      const facts = await Promise.all(
        config.plugins.map(async (p) => {
          const manifest = (await PLUGIN_CATALOGUE[p.id as PluginId].load()).default
          return { id: p.id, requires: [...(manifest.requires ?? [])] }
        }),
      )
      expect(BRAND_PLUGINS[brand as keyof typeof BRAND_PLUGINS]).toEqual(facts)
    }
  })

  it('name the running plugins a switch set would leave without what they need', () => {
    const plugins = [
      { id: 'auth', requires: [] },
      { id: 'loyalty', requires: ['auth'] },
    ]
    expect(unmetRequirements(plugins, new Set(['auth']))).toEqual([{ id: 'loyalty', needs: ['auth'] }])
    expect(unmetRequirements(plugins, new Set(['auth', 'loyalty']))).toEqual([])
  })
})
