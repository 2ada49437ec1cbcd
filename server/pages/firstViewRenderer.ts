import { statSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { PrepareFirstView } from '../../contracts/firstView'

/**
 * Loads the header's first-view renderer (contracts/firstView.ts `prepareFirstView`) from the built file, again only when
 * the file changed (a rebuild while the server runs is picked up, as with the build manifest).
 * Undefined while there is none (the header not built yet) or when it cannot be loaded: host pages
 * are then served without the first view, and the entry paints it in the browser as before.
 */
export function createFirstViewLoader(
  file: string,
  onProblem: (message: string, error: unknown) => void,
): () => Promise<PrepareFirstView | undefined> {
  let cached: { mtimeMs: number; render: Promise<PrepareFirstView | undefined> } | undefined
  return () => {
    let mtimeMs: number
    try {
      mtimeMs = statSync(file).mtimeMs
    } catch {
      return Promise.resolve(undefined)
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const url = `${pathToFileURL(file).href}?v=${mtimeMs}`
      const render = import(url).then(
        (module: { prepareFirstView?: unknown }) => {
          if (typeof module.prepareFirstView === 'function')
            return module.prepareFirstView as PrepareFirstView
          onProblem(`${file} has no prepareFirstView export`, undefined)
          return undefined
        },
        (error: unknown) => {
          onProblem(`${file} could not be loaded`, error)
          return undefined
        },
      )
      cached = { mtimeMs, render }
    }
    return cached.render
  }
}
