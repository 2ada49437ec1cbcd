import { claimPreloadedCalls } from './firstView/earlyCalls'
import { preloadAfterPaint } from './mount/preloadAfterPaint'
import { waitUntil } from './mount/waitUntil'
import { paintFrame } from './paintFrame'

performance.mark('one-header:script-start')

// The start-up calls the page preloaded are asked for at once: their answers paint the first view,
// and the kernel's HTTP client takes them instead of asking again.
const calls = claimPreloadedCalls(document)

/**
 * The header bundle's entry, kept to what the first paint needs: it waits for
 * `#oneHeaderContainer` (nav spec §1: retried until the page has loaded, then logged as missing),
 * paints the frame, then the whole header's first view from the preloaded answers (its own small
 * chunk), and loads the rest of the header — kernel, shell, plugins — in the start-up chunk, which
 * replaces the first view in place. The page preloads both chunks.
 */
waitUntil(['#oneHeaderContainer'], (container: HTMLElement) => {
  const { root, painted, frame, showFirstView } = paintFrame(container)
  let shellRendered = false
  // The frame is on screen before either chunk is evaluated: the shopper sees the header first.
  painted
    .then(() => {
      preloadAfterPaint(container)
      return import('./firstView/paintFirstView')
    })
    .then(async ({ readFirstViewData, firstViewParts }) => {
      const data = await readFirstViewData(calls)
      if (!data || shellRendered) return
      const { search } = window.location
      showFirstView(
        firstViewParts(data, { ...frame, search, disabled: container.dataset.disabledPlugins ?? '' }),
      )
    })
    .catch((error: unknown) => {
      // Only the first view is lost: the frame stays until the shell replaces it.
      console.warn('[one-header] the first view could not be painted:', error)
    })
  painted
    .then(() => import('./startHeader'))
    .then(({ startHeader }) =>
      startHeader(container, root, window, {
        takeEarly: calls.take,
        beforeShell: () => {
          shellRendered = true
        },
      }),
    )
    .catch((error: unknown) => {
      console.error('[one-header] the header could not start:', error)
    })
})
