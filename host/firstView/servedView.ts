import { firstViewHandOver, type HandOver } from '../../plugins/search/slots/handOver'

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
 * Just before the shell replaces the served first view: what the shopper typed in its search box,
 * and whether the box has focus, go to the search slot, as from the entry's own first view.
 */
export function takeOverServedView(
  view: HTMLElement,
  handOver: HandOver = firstViewHandOver,
  doc: Document = document,
): void {
  const box = view.querySelector<HTMLInputElement>('input[type="search"]')
  if (!box) return
  handOver.text = box.value
  handOver.focused = doc.activeElement === box
  handOver.touched = box.value !== box.defaultValue
}
