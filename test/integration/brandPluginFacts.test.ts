// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import {
  BRAND_LANGUAGES,
  BRAND_OBLIGATIONS,
  BRAND_PLUGINS,
  unmetRequirements,
} from '../../contracts/brandPlugins'
import { BRAND_CONFIGS } from '../../host/brands'
import { PLUGIN_CATALOGUE, type PluginId } from '../../host/catalogue'

// The console's copy of the brand files and manifests (contracts/brandPlugins.ts) must say what they say.
describe('the console’s plugin facts', () => {
  it('list each brand file’s plugins, in order, with each manifest’s requires, description and slots', async () => {
    for (const [brand, config] of Object.entries(BRAND_CONFIGS)) {
      const facts = await Promise.all(
        config.plugins.map(async (p) => {
          const manifest = (await PLUGIN_CATALOGUE[p.id as PluginId].load()).default
          // Every plugin the console can switch says what it is, in its manifest.
          expect(manifest.about, `${p.id}'s manifest has no about`).toBeDefined()
          return {
            id: p.id,
            requires: [...(manifest.requires ?? [])],
            name: manifest.about?.name,
            shows: manifest.about?.shows,
            owner: manifest.about?.owner,
            calls: [...(manifest.about?.calls ?? [])],
            slots: Object.keys(manifest.slots ?? {}),
          }
        }),
      )
      expect(BRAND_PLUGINS[brand as keyof typeof BRAND_PLUGINS]).toEqual(facts)
      expect(BRAND_LANGUAGES[brand as keyof typeof BRAND_LANGUAGES]).toEqual(config.shell.languages)
    }
  })

  it('need consent on every store, and name Canada’s notices on cab2c, whose brand file links them', () => {
    for (const brand of Object.keys(BRAND_CONFIGS) as (keyof typeof BRAND_OBLIGATIONS)[])
      expect(BRAND_OBLIGATIONS[brand].map((o) => o.plugin)).toContain('consent')
    const consent = BRAND_CONFIGS.cab2c.plugins.find((p) => p.id === 'consent')
    expect(consent?.options).toEqual({ notices: 'ca' })
    expect(BRAND_OBLIGATIONS.cab2c.some((o) => /Canada/.test(o.why))).toBe(true)
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
