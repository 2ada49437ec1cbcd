/**
 * The whole header's first view as the page server rendered it into the container
 * (contracts/firstView.ts), if it did: then it is on screen before the entry runs, and the entry
 * paints neither the frame nor its own first view.
 */
export function servedFirstView(container: HTMLElement): HTMLElement | undefined {
  const view = container.firstElementChild
  return view instanceof HTMLElement && view.hasAttribute('data-first-view') ? view : undefined
}
