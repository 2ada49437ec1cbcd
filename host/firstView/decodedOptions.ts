import * as v from 'valibot'
import { brandPluginOptions } from '../brands'
import type { CatalogueEntry } from '../catalogue'

/**
 * The options each plugin of `ids` runs with on `brand`, decoded by its manifest's schema as the
 * kernel decodes them when it starts the plugin (defaults filled in): a part drawn once reads them
 * before the kernel, so the page server writes these into the served state, and the browser never
 * parses a schema on its way to a live part. The shell's are the brand's `shell` block as it is. A
 * plugin whose code does not load, or whose options its schema refuses, gets none: its parts are
 * not drawn once, and the kernel reports the options when it starts.
 */
export async function decodedPluginOptions(
  brand: string,
  ids: readonly string[],
  catalogue: Readonly<Record<string, CatalogueEntry>>,
): Promise<Map<string, unknown>> {
  const decoded = new Map<string, unknown>()
  await Promise.all(
    ids.map(async (id) => {
      const raw = brandPluginOptions(brand, id)
      const load = catalogue[id]?.load
      if (!load) {
        decoded.set(id, raw)
        return
      }
      try {
        const { default: manifest } = await load()
        if (!manifest.options) decoded.set(id, raw)
        else {
          const result = v.safeParse(manifest.options, raw)
          if (result.success) decoded.set(id, result.output)
        }
      } catch (error) {
        console.warn(`[one-header] the options of plugin '${id}' could not be decoded for '${brand}':`, error)
      }
    }),
  )
  return decoded
}
