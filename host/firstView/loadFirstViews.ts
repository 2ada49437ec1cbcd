import type { FirstViewDeclaration } from '../../kernel/plugin/firstView'
import type { CatalogueEntry } from '../catalogue'

/**
 * The first views of `ids`, each from its own small chunk (a catalogue entry's `firstView`), by
 * plugin id. A plugin without one, or whose first view cannot load, is left out: its slots stay
 * empty in the first view and fill when the plugin starts.
 */
export async function loadFirstViews(
  catalogue: Readonly<Record<string, CatalogueEntry>>,
  ids: readonly string[],
): Promise<[string, FirstViewDeclaration][]> {
  const loaded = await Promise.all(
    ids.map(async (id): Promise<[string, FirstViewDeclaration][]> => {
      const load = catalogue[id]?.firstView
      if (!load) return []
      try {
        return [[id, (await load()).default]]
      } catch (error) {
        console.warn(
          `[one-header] the first view of plugin '${id}' could not load; its slots wait for it:`,
          error,
        )
        return []
      }
    }),
  )
  return loaded.flat()
}
