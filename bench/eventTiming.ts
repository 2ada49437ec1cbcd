import type { Page } from '@playwright/test'

/**
 * The bench's interaction timing, shared by the search and navigation-panel benches: Event Timing
 * entries recorded in the page, each tagged with what the bench was doing (the query typed, the
 * panel opened), grouped into interactions the way web-vitals does.
 */

/** One Event Timing entry as the page records it (types only: erased in the page). */
export interface TimedEvent {
  name: string
  duration: number
  start: number
  /** Event Timing's interactionId: 0 for events that are no interaction (a pointermove). */
  id: number
  processingStart: number
  processingEnd: number
  /** What the bench was doing when it happened (tagEvents). */
  tag: string
}

/** Starts recording every event of 16 ms or more into `window.__events`. */
export async function recordEventTiming(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __events: TimedEvent[]; __tag?: string }
    w.__events = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__events.push({
          name: e.name,
          duration: e.duration,
          start: e.startTime,
          id: (e as PerformanceEntry & { interactionId?: number }).interactionId ?? 0,
          processingStart: (e as PerformanceEventTiming).processingStart,
          processingEnd: (e as PerformanceEventTiming).processingEnd,
          tag: w.__tag ?? '',
        })
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit)
  })
}

/** Tags the events recorded from now on. */
export async function tagEvents(page: Page, tag: string): Promise<void> {
  await page.evaluate((t) => {
    ;(window as unknown as { __tag: string }).__tag = t
  }, tag)
}

/** How many events have been recorded so far (to read only the ones after). */
export const recordedCount = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __events: unknown[] }).__events.length)

/** The longest interaction among the events recorded after the first `from` (0 when none). */
export const longestInteractionSince = (page: Page, from: number): Promise<number> =>
  page.evaluate((start) => {
    const events = (window as unknown as { __events: TimedEvent[] }).__events.slice(start)
    return Math.max(0, ...events.filter((e) => e.id > 0).map((e) => e.duration))
  }, from)

/**
 * A press as a shopper makes it: the pointer reaches the target, and presses a frame later. Raw
 * mouse events, not Playwright's locator click, which moves and presses in one frame and runs its
 * own actionability script in the page (a hit-target check whose listeners ran inside the very
 * events measured: 4 ms a click at 4x in a CPU profile of 2026-11-25).
 */
export async function pressAsAShopper(
  page: Page,
  at: { x: number; y: number; width: number; height: number },
  steps = 1,
): Promise<void> {
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2, { steps })
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  await page.mouse.down()
  await page.mouse.up()
}

/**
 * Every interaction recorded, each as its longest event (an interaction lasts as long as its
 * longest event, and that event explains it), and the longest of all split as web-vitals'
 * attribution does.
 */
export async function interactionsOf(page: Page): Promise<{
  interactions: TimedEvent[]
  worst: { event: string; tag: string; inputDelay: number; processing: number; presentation: number } | null
}> {
  const interactions = await page.evaluate(() => {
    const byInteraction = new Map<number, TimedEvent>()
    for (const e of (window as unknown as { __events: TimedEvent[] }).__events)
      if (e.id > 0 && e.duration > (byInteraction.get(e.id)?.duration ?? -1)) byInteraction.set(e.id, e)
    return [...byInteraction.values()]
  })
  const worst = interactions.reduce<TimedEvent | null>(
    (longest, e) => (e.duration > (longest?.duration ?? -1) ? e : longest),
    null,
  )
  return {
    interactions,
    worst: worst && {
      event: worst.name,
      tag: worst.tag,
      inputDelay: Math.round(worst.processingStart - worst.start),
      processing: Math.round(worst.processingEnd - worst.processingStart),
      presentation: Math.round(worst.start + worst.duration - worst.processingEnd),
    },
  }
}
