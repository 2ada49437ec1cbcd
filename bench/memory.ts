import type { BrowserContext } from '@playwright/test'

/** A flyout or dialog the memory budget cycles: how to find its opener, and at which width it exists. */
interface Widget {
  name: string
  width: number
  /** Button whose aria-label or text is this (capitalised), or a CSS selector (starting with '[' or a lower-case tag). */
  opener: string
  /** 'click' opens with a click; 'focus' opens on focus (search) and closes on Escape plus blur. */
  opens: 'click' | 'focus'
  /** A CSS selector clicked a frame after opening, inside what opened (the join modal's Learn more). */
  andThen?: string
}

const WIDGETS: Widget[] = [
  { name: 'login flyout', width: 1440, opener: '[data-testid="account-button"]', opens: 'click' },
  { name: 'free-shipping terms popover', width: 1440, opener: 'Details', opens: 'click' },
  { name: 'search flyout', width: 1440, opener: '[role="combobox"]', opens: 'focus' },
  { name: 'phone menu', width: 390, opener: 'Open menu', opens: 'click' },
  // A navigation panel (the first item's), its code loaded by the warm-up cycles.
  { name: 'navigation panel', width: 1440, opener: 'nav [aria-controls^="oh-flyout-"]', opens: 'click' },
  // The rewards join modal from the header row's join prompt, and its learn-more carousel
  // (Swiper), opened from the modal and closed with it.
  { name: 'rewards join modal', width: 1440, opener: '[data-loyalty="header"] button', opens: 'click' },
  {
    name: 'learn-more carousel',
    width: 1440,
    opener: '[data-loyalty="header"] button',
    opens: 'click',
    andThen: '[data-loyalty="join-modal"] [aria-expanded="false"][data-loyalty-toggle]',
  },
]

export interface MemoryResult {
  widget: string
  cycles: number
  /**
   * Retained heap after warm-up and a forced GC, then after `cycles` more open/close cycles and a GC,
   * without compiled code: V8 keeps optimising the hot paths for a while (its code objects grow and
   * then level off), which is not the page holding on to anything.
   */
  beforeKb: number
  afterKb: number
  growthKb: number
  /** The same growth with compiled code counted, for reference. */
  withCodeGrowthKb: number
}

/** Sums a heap snapshot's self sizes, with and without V8's compiled code. */
function heapSizes(snapshotJson: string): { objects: number; total: number } {
  const snap = JSON.parse(snapshotJson) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }
    nodes: number[]
  }
  const fields = snap.snapshot.meta.node_fields
  const types = snap.snapshot.meta.node_types[0]
  const width = fields.length
  const typeAt = fields.indexOf('type')
  const sizeAt = fields.indexOf('self_size')
  let objects = 0
  let total = 0
  for (let i = 0; i < snap.nodes.length; i += width) {
    const size = snap.nodes[i + sizeAt] ?? 0
    total += size
    if (types[snap.nodes[i + typeAt] ?? 0] !== 'code') objects += size
  }
  return { objects: objects / 1024, total: total / 1024 }
}

/**
 * The memory budget (docs/architecture.md "Budgets"): "memory flat over 1,000 open/close cycles of every flyout and dialog": each widget
 * is opened and closed in the page (click or focus, then Escape), a frame apart, 50 times to load its
 * chunks, then 1,000 times; heap snapshots after a forced garbage collection are compared.
 */
export async function benchMemory(
  context: BrowserContext,
  url: string,
  cycles = 1000,
): Promise<MemoryResult[]> {
  const results: MemoryResult[] = []
  for (const widget of WIDGETS) {
    const page = await context.newPage()
    await page.setViewportSize({ width: widget.width, height: 900 })
    await page.goto(url)
    await page.waitForFunction(() => 'oneHeader' in window)
    // The search box is usable once its chunk is in: the header has finished starting.
    await page.waitForFunction(() => document.querySelector('[role="combobox"]:not([disabled])') !== null)
    // The telemetry SDK loads once the page is quiet (at most 15 s in): arriving in the middle of the
    // cycles, its code and buffers were counted as a widget's growth (the search flyout's 102 kB in
    // one run, 278 kB in the next).
    await page
      .waitForFunction(
        () => (window as { oneHeader?: { telemetry?: string } }).oneHeader?.telemetry !== 'loading',
        null,
        {
          timeout: 30_000,
        },
      )
      .catch(() => undefined)
    const cdp = await context.newCDPSession(page)
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage')
      let json = ''
      const onChunk = (e: { chunk: string }) => {
        json += e.chunk
      }
      cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
      await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
      cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
      return heapSizes(json)
    }
    const run = (n: number) =>
      page.evaluate(
        // No named helpers in here: tsx would wrap them in a `__name` call the page does not have.
        async ({ opener, opens, andThen, n }) => {
          for (let i = 0; i < n; i++) {
            const el = (
              /^[[a-z]/.test(opener)
                ? document.querySelector(opener)
                : [...document.querySelectorAll('#oneHeaderContainer button')].find(
                    (b) => b.getAttribute('aria-label') === opener || b.textContent?.trim() === opener,
                  )
            ) as HTMLElement | null
            if (!el) throw new Error(`no opener '${opener}'`)
            if (opens === 'focus') el.focus()
            else el.click()
            await new Promise((resolve) => requestAnimationFrame(resolve))
            if (andThen) {
              ;(document.querySelector(andThen) as HTMLElement | null)?.click()
              await new Promise((resolve) => requestAnimationFrame(resolve))
            }
            ;(document.activeElement ?? document.body).dispatchEvent(
              new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
            )
            if (opens === 'focus') el.blur()
            await new Promise((resolve) => requestAnimationFrame(resolve))
          }
        },
        { opener: widget.opener, opens: widget.opens, andThen: widget.andThen, n },
      )
    await run(50)
    await page.waitForTimeout(500)
    const before = await heap()
    await run(cycles)
    await page.waitForTimeout(500)
    const after = await heap()
    results.push({
      widget: widget.name,
      cycles,
      beforeKb: before.objects,
      afterKb: after.objects,
      growthKb: after.objects - before.objects,
      withCodeGrowthKb: after.total - before.total,
    })
    await cdp.detach()
    await page.close()
  }
  return results
}
