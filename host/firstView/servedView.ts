import type { FirstViewDeclaration } from '../../kernel/plugin/firstView'
import type { SlotName } from '../../kernel/plugin/slots'
import type { PluginEntry } from '../../kernel/registry/validatePlugins'
import type { CatalogueEntry } from '../catalogue'
import { delay } from '../mount/delay'
import { loadFirstViews } from './loadFirstViews'

/**
 * The whole header's first view as the page server rendered it into the container
 * (contracts/firstView.ts), if it did: then it is on screen before the entry runs, and the entry
 * paints neither the frame nor its own first view.
 */
export function servedFirstView(container: HTMLElement): HTMLElement | undefined {
  const view = container.firstElementChild
  return view instanceof HTMLElement && view.hasAttribute('data-first-view') ? view : undefined
}

/**
 * The first-view declarations whose `takeOver` may read a served part before it goes live, asked for
 * part by part: those of the brand's plugins that fill the part (each loaded beside its code, in its
 * own small chunk, waited for at most `waitMs`) and the page's own plugins' for it. A part waits only
 * for its own plugins' first views — the shell's rows and the logo for none (issue 33: a part never
 * waits for another) — and `all` settles when every one is in.
 */
export function servedViewDeclarations(
  catalogue: Readonly<Record<string, CatalogueEntry>>,
  ids: readonly string[],
  fromPage: readonly PluginEntry[],
  waitMs: number,
): {
  forPart(part: string): Promise<FirstViewDeclaration[]>
  all: Promise<FirstViewDeclaration[]>
} {
  const pageViews = fromPage.flatMap(({ manifest }) => (manifest.firstView ? [manifest.firstView] : []))
  const byPlugin = new Map(
    ids.map((id) => [
      id,
      Promise.race([
        loadFirstViews(catalogue, [id]).then((views) => views.map(([, declaration]) => declaration)),
        delay(waitMs).then((): FirstViewDeclaration[] => []),
      ]),
    ]),
  )
  const none = Promise.resolve<FirstViewDeclaration[]>([])
  return {
    forPart(part) {
      const own = ids.filter(
        (id) => catalogue[id]?.firstView && catalogue[id]?.slots.includes(part as SlotName),
      )
      const fromPageHere = pageViews.filter((declaration) => part in declaration.slots)
      if (own.length === 0) return fromPageHere.length ? Promise.resolve(fromPageHere) : none
      return Promise.all(own.map((id) => byPlugin.get(id) ?? none)).then((views) => [
        ...views.flat(),
        ...fromPageHere,
      ])
    },
    all: Promise.all([...byPlugin.values()]).then((views) => [...views.flat(), ...pageViews]),
  }
}
