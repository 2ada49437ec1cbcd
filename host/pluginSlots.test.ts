import { expect, it } from 'vitest'
import { PLUGIN_IDS } from './pluginIds'
import { PLUGIN_SLOTS } from './pluginSlots'
import { PLUGIN_LOADERS } from './plugins'

it.each(PLUGIN_IDS)("names exactly the slots plugin '%s' contributes to", async (id) => {
  const { default: manifest } = await PLUGIN_LOADERS[id]()
  expect([...PLUGIN_SLOTS[id]].sort()).toEqual(Object.keys(manifest.slots ?? {}).sort())
})
