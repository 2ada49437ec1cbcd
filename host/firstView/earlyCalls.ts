import type { EarlyAnswer } from '../../kernel/http/createHttpClient'
import { DEFAULT_TIMEOUT_MS } from '../../kernel/http/timeouts'

/** The answers to the start-up calls the page preloaded, read by the entry before the kernel exists. */
export interface EarlyCalls {
  /** The answer for this address, for the kernel's HTTP client: handed out once, then gone. */
  take(address: string): EarlyAnswer | undefined
  /** The answer's body for the first view (undefined when the page did not preload that call). */
  read(path: string): Promise<{ status: number; text: string } | undefined>
}

/**
 * Asks at once for every start-up call the host page preloads (its `<link rel="preload" as="fetch">`
 * for `/rest/…`; server/pages/preloadHints.ts), so the first view can be painted from the answers
 * before the start-up chunk has run; the kernel's HTTP client then takes each answer instead of
 * asking again, with its span dated to when the page asked. Only addresses on this site are taken.
 * A call that fails or takes longer than the client's time-out is the client's failure, as usual.
 */
export function claimPreloadedCalls(doc: Document, win: Window = window): EarlyCalls {
  const calls = new Map<string, EarlyAnswer>()
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
    const address = link.getAttribute('href') ?? ''
    if (!/^\/rest\/[^?#]*(\?[^#]*)?$/.test(address) || calls.has(address)) continue
    const claimedAt = win.performance.now()
    const answer = win
      .fetch(address, { credentials: 'same-origin', signal: AbortSignal.timeout(DEFAULT_TIMEOUT_MS) })
      .then(async (response) => {
        const text = await response.text()
        // The call's true times: the page asked (the preload) before this script ran, and a busy
        // page reads the answer later than it came in. The browser's resource timing knows both.
        const timing = resourceTiming(win, address)
        const startTime = Math.min(timing?.startTime ?? claimedAt, claimedAt)
        const endTime = Math.max(timing?.responseEnd || win.performance.now(), startTime)
        return { status: response.status, text, startTime, endTime }
      })
    // Nobody may ever take it (another page's preload): a failure is then no unhandled rejection.
    answer.catch(() => {})
    calls.set(address, { answer })
  }
  const taken = new Set<string>()
  return {
    take(address) {
      if (taken.has(address)) return undefined
      taken.add(address)
      return calls.get(address)
    },
    read(path) {
      const call = [...calls].find(([address]) => address.split('?')[0]?.endsWith(path))?.[1]
      return call
        ? call.answer.then(
            ({ status, text }) => ({ status, text }),
            () => undefined,
          )
        : Promise.resolve(undefined)
    },
  }
}

/** The browser's resource timing of the call (the page's preload of it), if it has one. */
function resourceTiming(win: Window, address: string): PerformanceResourceTiming | undefined {
  const url = new URL(address, win.location.href).href
  return win.performance.getEntriesByName(url, 'resource')[0] as PerformanceResourceTiming | undefined
}
