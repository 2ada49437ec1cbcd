import type { BrowserContext } from '@playwright/test'
import { interactionsOf, pressAsAShopper, recordEventTiming, tagEvents } from './eventTiming'

/** Queries typed one after another; each gives other suggestions and tiles than the one before. */
const QUERIES = [
  'coffee',
  'brewer',
  'decaf',
  'vanilla',
  'hazelnut',
  'mug',
  'caramel',
  'pods',
  'dark',
  'filter',
]

export interface SearchBench {
  /** From the later of the two search responses arriving to the next frame showing its tiles, ms. */
  paintAfterResponseMs: number[]
  /** Longest keyboard event (keydown to next paint, Event Timing API) while typing each query, ms. */
  keystrokeInpMs: number[]
  /** Every typing interaction over 16 ms (Event Timing, grouped by interactionId), and how many keys were typed. */
  interactions: number[]
  keysTyped: number
  /** The longest interaction's event, split as web-vitals' attribution does (ms). */
  worst: { event: string; query: string; inputDelay: number; processing: number; presentation: number } | null
}

/**
 * INP as web-vitals computes it: the longest interaction, ignoring one per 50 interactions (the
 * p98). Interactions under the 16 ms observer threshold are counted but not listed.
 */
export function interactionToNextPaint(longest: readonly number[], interactionCount: number): number {
  const sorted = [...longest].sort((a, b) => b - a)
  return sorted[Math.min(sorted.length - 1, Math.floor(interactionCount / 50))] ?? 0
}

/**
 * Types each query into the search box under the CPU slowdown and measures, in the page:
 * - response-to-paint: resource timing `responseEnd` of the query's suggestions and products calls,
 *   to the first animation frame after the flyout's tiles carry the query (what the shopper sees);
 * - keystroke INP: the Event Timing duration of every key event, the longest per query.
 */
export async function benchSearch(
  context: BrowserContext,
  url: string,
  cpuSlowdown: number,
): Promise<SearchBench> {
  const page = await context.newPage()
  await page.goto(url)
  const box = page.getByRole('combobox')
  await box.waitFor()
  await page.waitForFunction(
    () => !(document.querySelector('[role="combobox"]') as HTMLInputElement)?.disabled,
  )
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
  await recordEventTiming(page)
  // The focusing click as a shopper makes it (eventTiming.ts pressAsAShopper).
  const at = await box.boundingBox()
  if (!at) throw new Error('the search box has no box to click')
  await pressAsAShopper(page, at)
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox')
  const result: SearchBench = {
    paintAfterResponseMs: [],
    keystrokeInpMs: [],
    interactions: [],
    keysTyped: 0,
    worst: null,
  }
  for (const query of QUERIES) {
    await box.fill('')
    await page.waitForTimeout(400)
    await tagEvents(page, query)
    const started = await page.evaluate((q) => {
      const w = window as unknown as { __painted?: number }
      w.__painted = undefined
      const encoded = `text=${encodeURIComponent(q)}`
      // No named helpers in here: tsx would wrap them in a __name() the page does not have.
      const observer = new MutationObserver(() => {
        const links = [...document.querySelectorAll('[role="listbox"] a[href]')]
        if (!links.some((a) => (a.getAttribute('href') ?? '').endsWith(encoded))) return
        observer.disconnect()
        requestAnimationFrame(() => {
          w.__painted = performance.now()
        })
      })
      observer.observe(document.body, { subtree: true, childList: true, attributes: true })
      return performance.now()
    }, query)
    await page.keyboard.type(query, { delay: 60 })
    await page
      .waitForFunction(() => (window as unknown as { __painted?: number }).__painted !== undefined, null, {
        timeout: 15_000,
      })
      .catch(async (error: unknown) => {
        const shown = await page
          .locator('[role="listbox"] a[href]')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
        throw new Error(
          `search bench: tiles for '${query}' never painted; the flyout has ${JSON.stringify(shown)}: ${error}`,
        )
      })
    const measured = await page.evaluate(
      ({ q, since }) => {
        const w = window as unknown as {
          __painted: number
          __events: { name: string; duration: number; start: number }[]
        }
        const responses = performance
          .getEntriesByType('resource')
          .filter(
            (e) =>
              e.startTime >= since &&
              /products\/search(suggestions|Text)/.test(e.name) &&
              new URL(e.name).searchParams.get(e.name.includes('suggestions') ? 'term' : 'text') === q,
          ) as PerformanceResourceTiming[]
        const arrived = Math.max(...responses.map((e) => e.responseEnd))
        const keys = w.__events.filter((e) => e.start >= since && /^key|^input|^beforeinput/.test(e.name))
        return {
          paint: w.__painted - arrived,
          inp: Math.max(0, ...keys.map((e) => e.duration)),
          calls: responses.length,
        }
      },
      { q: query, since: started },
    )
    if (measured.calls !== 2)
      throw new Error(`search bench: expected 2 calls for '${query}', saw ${measured.calls}`)
    result.paintAfterResponseMs.push(measured.paint)
    result.keystrokeInpMs.push(measured.inp)
    result.keysTyped += query.length
  }
  const { interactions, worst } = await interactionsOf(page)
  result.interactions = interactions.map((e) => e.duration)
  result.worst = worst && { ...worst, query: worst.tag }
  await cdp.detach()
  await page.close()
  return result
}
