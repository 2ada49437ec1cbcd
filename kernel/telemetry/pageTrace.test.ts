// @vitest-environment jsdom
import { SpanKind } from '@opentelemetry/api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  joinPageTrace,
  PAGE_QUIET_MS,
  resetTracerForTests,
  startRootSpan,
  takeBufferedSpans,
  withSpan,
} from './spans'

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736'
const PAGE_SPAN = '00f067aa0ba902b7'

describe('one page load, one trace (the page’s traceparent meta)', () => {
  afterEach(() => {
    vi.useRealTimers()
    resetTracerForTests()
  })

  it('makes the header’s start a child of the page server’s span, and start-up’s calls children of the start', async () => {
    expect(joinPageTrace(`00-${TRACE}-${PAGE_SPAN}-01`)).toBe(true)
    const root = startRootSpan('header.start', {})
    await withSpan('HTTP GET cms/siteConfig', {}, async () => undefined)
    root.end()
    const [start, during] = takeBufferedSpans().spans
    expect([start!.traceId, during!.traceId]).toEqual([TRACE, TRACE])
    expect(start!.parentSpanId).toBe(PAGE_SPAN)
    expect(start!.links).toBeUndefined()
    expect(during!.parentSpanId).toBe(start!.spanId)
  })

  it('places a call the page preloaded where it started: under the page server’s span, before the start', async () => {
    joinPageTrace(`00-${TRACE}-${PAGE_SPAN}-01`)
    const root = startRootSpan('header.start', {})
    const preloadedAt = performance.now() - 650
    await withSpan('HTTP GET cms/siteConfig', {}, async () => undefined, {
      startTime: preloadedAt,
      kind: SpanKind.CLIENT,
    })
    root.end()
    const [, preloaded] = takeBufferedSpans().spans
    expect(preloaded).toMatchObject({
      traceId: TRACE,
      parentSpanId: PAGE_SPAN,
      startTime: preloadedAt,
      kind: SpanKind.CLIENT,
    })
  })

  it('keeps a call made before start-up (a part the page drew, hydrating first) in the page load', async () => {
    joinPageTrace(`00-${TRACE}-${PAGE_SPAN}-01`)
    await withSpan('HTTP GET cms/pages', {}, async () => undefined)
    startRootSpan('header.start', {}).end()
    const [early] = takeBufferedSpans().spans
    expect(early).toMatchObject({ traceId: TRACE, parentSpanId: PAGE_SPAN })
    expect(early!.links).toBeUndefined()
  })

  it('keeps a preloaded call claimed after start-up in the page load: it began while the page loaded', async () => {
    joinPageTrace(`00-${TRACE}-${PAGE_SPAN}-01`)
    const began = performance.now()
    startRootSpan('header.start', {}).end()
    await withSpan('HTTP GET cms/components', {}, async () => undefined, { startTime: began })
    const [, claimed] = takeBufferedSpans().spans
    expect(claimed).toMatchObject({ traceId: TRACE, parentSpanId: PAGE_SPAN })
  })

  it('ends the page load at the shopper’s first press or key after start-up, quiet or not', async () => {
    joinPageTrace(`00-${TRACE}-${PAGE_SPAN}-01`)
    // A press during start-up (at first paint) is part of the page load.
    const root = startRootSpan('header.start', {})
    globalThis.dispatchEvent(new Event('pointerdown'))
    root.end()
    await withSpan('HTTP GET customers/current', {}, async () => undefined)
    globalThis.dispatchEvent(new Event('keydown'))
    await withSpan('HTTP GET cms/content-slots/AccountMenuBannerSlot', {}, async () => undefined)
    const [, during, after] = takeBufferedSpans().spans
    expect(during).toMatchObject({ traceId: TRACE, parentSpanId: PAGE_SPAN })
    expect(after!.traceId).not.toBe(TRACE)
    expect(after!.links).toEqual([{ traceId: TRACE, spanId: PAGE_SPAN }])
  })

  it('ends the page load once start-up is over and the page has been quiet: a later action is a trace of its own, linked to it', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    joinPageTrace(`00-${TRACE}-${PAGE_SPAN}-01`)
    startRootSpan('header.start', {}).end()
    // Within the quiet time after start-up, and while that call is open, calls are the page load's.
    let answer: () => void = () => undefined
    const open = withSpan('HTTP GET users/current/carts', {}, () => new Promise<void>((r) => (answer = r)))
    vi.advanceTimersByTime(PAGE_QUIET_MS + 100)
    await withSpan('HTTP GET customers/current', {}, async () => undefined)
    answer()
    await open
    vi.advanceTimersByTime(PAGE_QUIET_MS - 1)
    await withSpan('HTTP GET loyalty/details', {}, async () => undefined)
    // Quiet for PAGE_QUIET_MS: what starts now is a later action.
    vi.advanceTimersByTime(PAGE_QUIET_MS)
    await withSpan('HTTP POST auth/login', {}, async () => undefined)
    const [, cart, customer, loyalty, later] = takeBufferedSpans().spans
    for (const span of [cart, customer, loyalty])
      expect(span).toMatchObject({ traceId: TRACE, parentSpanId: PAGE_SPAN })
    expect(later!.traceId).not.toBe(TRACE)
    expect(later!.parentSpanId).toBeUndefined()
    expect(later!.links).toEqual([{ traceId: TRACE, spanId: PAGE_SPAN }])
  })

  it('ignores a missing, malformed or all-zero traceparent: spans start their own trace', async () => {
    expect(joinPageTrace(undefined)).toBe(false)
    expect(joinPageTrace('00-xyz-00f067aa0ba902b7-01')).toBe(false)
    expect(joinPageTrace(`00-${'0'.repeat(32)}-${PAGE_SPAN}-01`)).toBe(false)
    await withSpan('alone', {}, async () => undefined)
    const [alone] = takeBufferedSpans().spans
    expect(alone!.parentSpanId).toBeUndefined()
    expect(alone!.traceId).not.toBe(TRACE)
  })
})
