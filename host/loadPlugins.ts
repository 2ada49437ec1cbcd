import type { KernelFault } from '../kernel/bus/events'
import type { AnyPlugin } from '../kernel/plugin/definePlugin'
import type { PluginEntry } from '../kernel/registry/validatePlugins'
import type { BrandConfig } from './brands/defineBrand'
import { PLUGIN_LOADERS } from './plugins'

/**
 * Loads the code of the brand's plugins that are not switched off, in parallel. A switched-off
 * plugin's chunk is never requested; one whose chunk fails to load is reported and left out.
 */
export async function loadBrandPlugins(
  config: BrandConfig,
  disabled: ReadonlySet<string>,
): Promise<{ entries: PluginEntry[]; faults: KernelFault[] }> {
  const wanted = config.plugins.filter((p) => !disabled.has(p.id))
  const settled = await Promise.allSettled(wanted.map((p) => PLUGIN_LOADERS[p.id]()))
  const entries: PluginEntry[] = []
  const faults: KernelFault[] = []
  settled.forEach((result, i) => {
    const { id, options } = wanted[i]!
    if (result.status === 'fulfilled') entries.push({ manifest: result.value.default, options })
    else
      faults.push({
        code: 'PLUGIN_SETUP_FAILED',
        pluginId: id,
        message: `Plugin '${id}' could not load its code (${String(result.reason)}); the header runs without it.`,
        error: result.reason,
      })
  })
  return { entries, faults }
}

/**
 * Plugins a server-rendered page adds for itself, without a rebuild: `window.oneHeaderPlugins`, an
 * array of plugin objects set before the header script runs. Anything that is not an object is
 * skipped; the registry validates the rest like any plugin.
 */
export function pagePlugins(win: Window): PluginEntry[] {
  const list = (win as Window & { oneHeaderPlugins?: unknown }).oneHeaderPlugins
  if (!Array.isArray(list)) return []
  return list
    .filter((p): p is AnyPlugin => typeof p === 'object' && p !== null)
    .map((manifest) => ({ manifest }))
}
