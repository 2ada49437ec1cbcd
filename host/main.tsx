import { preloadAfterPaint } from './mount/preloadAfterPaint'
import { waitUntil } from './mount/waitUntil'
import { paintFrame } from './paintFrame'

performance.mark('one-header:script-start')

/**
 * The header bundle's entry, kept to what the first paint needs: it waits for
 * `#oneHeaderContainer` (nav spec §1: retried until the page has loaded, then logged as missing),
 * paints the frame, and loads the rest of the header — kernel, shell, data — in its own chunk,
 * which the host page preloads.
 */
waitUntil(['#oneHeaderContainer'], (container: HTMLElement) => {
  const { root, painted } = paintFrame(container)
  // The start-up chunk is already downloading (the page preloads it); evaluating it waits until the
  // frame is on screen, so the shopper sees the header first and its machinery second.
  painted
    .then(() => {
      preloadAfterPaint(container)
      return import('./startHeader')
    })
    .then(({ startHeader }) => startHeader(container, root))
    .catch((error: unknown) => {
      console.error('[one-header] the header could not start:', error)
    })
})
