import type { FirstViewDeclaration } from '../../kernel/plugin/firstView'
import type { PluginEntry } from '../../kernel/registry/validatePlugins'
import { delay } from '../mount/delay'

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
 * The first-view declarations whose `takeOver` may read a served part before it goes live: the brand's
 * plugins' (loaded beside their code, waited for at most `waitMs`) and the page's own plugins'.
 */
export async function servedViewDeclarations(
  brandViews: Promise<[string, FirstViewDeclaration][]>,
  fromPage: readonly PluginEntry[],
  waitMs: number,
): Promise<FirstViewDeclaration[]> {
  const views = await Promise.race([brandViews, delay(waitMs).then(() => [])])
  const pageViews = fromPage.flatMap(({ manifest }) => (manifest.firstView ? [manifest.firstView] : []))
  return [...views.map(([, declaration]) => declaration), ...pageViews]
}
