import { claimPreloadedCalls } from './firstView/earlyCalls'
import { servedFirstView } from './firstView/servedView'
import { FIRST_RENDER_MARK } from './frame/marks'
import { atMost, delay } from './mount/delay'
import { preloadAfterPaint } from './mount/preloadAfterPaint'
import { waitUntil } from './mount/waitUntil'
import { paintFrame } from './paintFrame'

performance.mark('one-header:script-start')

/**
 * How long the start-up chunk waits for the first view's answers before it is evaluated anyway: long
 * enough for answers the page has already preloaded, short enough that a slow CMS never holds the
 * header back (the kernel then makes or awaits the calls itself).
 */
const FIRST_VIEW_GRACE_MS = 50
/**
 * How long the start-up chunk waits for the hydrated parts to be live before it is evaluated anyway:
 * they go first (their code is small and already on its way), but a part whose code hangs never
 * holds the rest of the header back.
 */
const HYDRATION_FIRST_MS = 300

/**
 * The header bundle's entry, kept to what the first paint needs: it waits for
 * `#oneHeaderContainer` (nav spec §1: retried until the page has loaded, then logged as missing),
 * paints the frame, then the whole header's first view from the page's preloaded answers (a small
 * chunk), then loads the rest of the header — kernel, shell, plugins — in the start-up chunk, whose
 * shell replaces the first view in place. The page preloads both chunks.
 */
waitUntil(['#oneHeaderContainer'], (container: HTMLElement) => {
  const served = servedFirstView(container)
  if (served) {
    // The page server rendered the whole header's first view: it is on screen and working. The parts
    // it drew with their live components are hydrated first, each with its own code only; then the
    // start-up chunk starts the kernel, which joins them and takes the other parts over, in place.
    performance.mark(FIRST_RENDER_MARK)
    preloadAfterPaint(container)
    const calls = claimPreloadedCalls(document)
    const hydration = import('./firstView/hydrateParts').then(({ hydrateParts }) => hydrateParts(container))
    hydration
      .then((h) => atMost(Promise.allSettled(h.parts.values()), HYDRATION_FIRST_MS))
      .catch(() => undefined)
      .then(() => import('./startHeader'))
      .then(async ({ startHeader }) => {
        const parts = await hydration.catch(() => undefined)
        return startHeader(container, null, window, {
          takeEarly: calls.take,
          servedView: served,
          ...(parts ? { hydration: parts } : {}),
        })
      })
      .catch((error: unknown) => {
        console.error('[one-header] the header could not start:', error)
      })
    return
  }
  const { root, painted, frame, showFirstView } = paintFrame(container)
  let shellRendered = false
  painted
    .then(async () => {
      // Everything below waits until the frame is on screen: the shopper sees the header first.
      preloadAfterPaint(container)
      // The start-up calls the page preloaded: their answers paint the first view, and the kernel's
      // HTTP client takes them instead of asking again.
      const calls = claimPreloadedCalls(document)
      const firstView = import('./firstView/paintFirstView')
        .then(async ({ readFirstViewData, firstViewFor }) => {
          const data = await readFirstViewData(calls)
          if (!data || shellRendered) return
          const { brand, lang, pathname } = frame
          const page = { brand, lang, pathname, search: window.location.search }
          const parts = await firstViewFor(data, {
            ...page,
            disabled: container.dataset.disabledPlugins ?? '',
            rows: (container.dataset.rows ?? '').split(/\s+/).filter(Boolean),
          })
          if (parts && !shellRendered) showFirstView(parts)
        })
        .catch((error: unknown) => {
          // Only the first view is lost: the frame stays until the shell replaces it.
          console.warn('[one-header] the first view could not be painted:', error)
        })
      // The first view is painted before the start-up chunk competes with it for the main thread.
      await Promise.race([firstView, delay(FIRST_VIEW_GRACE_MS)])
      const { startHeader } = await import('./startHeader')
      return startHeader(container, root, window, {
        takeEarly: calls.take,
        beforeShell: () => {
          shellRendered = true
        },
      })
    })
    .catch((error: unknown) => {
      console.error('[one-header] the header could not start:', error)
    })
})
