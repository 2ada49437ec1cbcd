import { expect, it } from 'vitest'
import { PLUGIN_CATALOGUE, PLUGIN_IDS } from './catalogue'
import { HYDRATING_PLUGINS } from './hydratingPlugins'

it.each(PLUGIN_IDS)("names exactly the slots plugin '%s' contributes to", async (id) => {
  const { default: manifest } = await PLUGIN_CATALOGUE[id].load()
  expect([...PLUGIN_CATALOGUE[id].slots].sort()).toEqual(Object.keys(manifest.slots ?? {}).sort())
})

it.each(PLUGIN_IDS)(
  "loads plugin '%s' under its own id, with the first view its manifest declares",
  async (id) => {
    const entry = PLUGIN_CATALOGUE[id]
    const { default: manifest } = await entry.load()
    expect(manifest.id).toBe(id)
    const firstView = 'firstView' in entry ? (await entry.firstView()).default : undefined
    expect(manifest.firstView).toBe(firstView)
    // Its parts drawn once are its slots too, and the build knows it hydrates them.
    for (const slot of Object.keys(firstView?.parts ?? {})) expect(entry.slots).toContain(slot)
    expect(HYDRATING_PLUGINS.includes(id)).toBe(Object.keys(firstView?.parts ?? {}).length > 0)
  },
)
