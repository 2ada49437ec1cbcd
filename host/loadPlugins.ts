import type { KernelFault } from '../kernel/bus/events'
import type { AnyPlugin } from '../kernel/plugin/definePlugin'
import type { PluginArrival } from '../kernel/registry/latePlugins'
import type { PluginEntry } from '../kernel/registry/validatePlugins'
import type { BrandConfig } from './brands/defineBrand'
import { type CatalogueEntry, PLUGIN_CATALOGUE } from './catalogue'

/**
 * Starts loading the code of the brand's plugins that are not switched off, each on its own, so
 * start-up can use each as soon as it arrives (progressive start). A switched-off plugin's chunk is
 * never requested; one whose chunk fails to load settles with a fault and the header runs without it.
 */
export function startPluginLoads(
  config: BrandConfig,
  disabled: ReadonlySet<string>,
  catalogue: Readonly<Record<string, CatalogueEntry>> = PLUGIN_CATALOGUE,
): PluginArrival[] {
  return config.plugins
    .filter((p) => !disabled.has(p.id))
    .map(({ id, options }) => ({
      id,
      settled: loadCode(catalogue, id).then(
        (module) => ({ entry: { manifest: module.default, options } }),
        (reason: unknown) => ({
          fault: {
            code: 'PLUGIN_SETUP_FAILED' as const,
            pluginId: id,
            message: `Plugin '${id}' could not load its code (${String(reason)}); the header runs without it.`,
            error: reason,
          },
        }),
      ),
    }))
}

/** A catalogue plugin's code; a rejection (the id not in the catalogue included) settles as a fault. */
function loadCode(catalogue: Readonly<Record<string, CatalogueEntry>>, id: string) {
  const entry = catalogue[id]
  return entry ? entry.load() : Promise.reject(new Error(`no plugin '${id}' in the catalogue`))
}

/** Loads the code of the brand's enabled plugins and waits for all of them (tests, tools). */
export async function loadBrandPlugins(
  config: BrandConfig,
  disabled: ReadonlySet<string>,
): Promise<{ entries: PluginEntry[]; faults: KernelFault[] }> {
  const settled = await Promise.all(startPluginLoads(config, disabled).map((load) => load.settled))
  return {
    entries: settled.flatMap((s) => ('entry' in s ? [s.entry] : [])),
    faults: settled.flatMap((s) => ('fault' in s ? [s.fault] : [])),
  }
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
