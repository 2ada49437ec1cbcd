import type { FirstViewDeclaration } from '../../kernel/plugin/firstView'
import type { SlotName } from '../../kernel/plugin/slots'
import type { PluginEntry } from '../../kernel/registry/validatePlugins'
import { delay } from '../mount/delay'
import { firstViewArea } from '../shell/ShellFrame'

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
 * Just before the live shell replaces a first view: each plugin whose declaration asks for it reads
 * what the shopper already did in its part (the search box's text and focus), for its live slot to
 * start from. A declaration that throws costs only its own hand-over.
 */
export function takeOverFirstView(view: HTMLElement, declarations: Iterable<FirstViewDeclaration>): void {
  for (const declaration of declarations) {
    if (!declaration.takeOver) continue
    for (const slot of Object.keys(declaration.slots) as SlotName[]) {
      const part = firstViewArea(view, slot)
      if (!part) continue
      try {
        declaration.takeOver(part)
      } catch (error) {
        console.warn(
          `[one-header] a first view's hand-over failed (${slot}); its live part starts afresh:`,
          error,
        )
      }
    }
  }
}

/**
 * The hand-over of a served first view: the first views of the brand's plugins (loaded beside
 * their code, waited for at most `graceMs`) and of the page's own plugins read what the shopper did.
 */
export async function takeOverServedView(
  view: HTMLElement,
  brandViews: Promise<[string, FirstViewDeclaration][]>,
  fromPage: readonly PluginEntry[],
  graceMs: number,
): Promise<void> {
  const views = await Promise.race([brandViews, delay(graceMs).then(() => [])])
  const pageViews = fromPage.flatMap(({ manifest }) => (manifest.firstView ? [manifest.firstView] : []))
  takeOverFirstView(view, [...views.map(([, declaration]) => declaration), ...pageViews])
}
