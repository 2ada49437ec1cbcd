import { afterEach, describe, expect, it } from 'vitest'
import { joinPageTrace, resetTracerForTests, startRootSpan, takeBufferedSpans, withSpan } from './spans'

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736'
const PAGE_SPAN = '00f067aa0ba902b7'

describe('one page load, one trace (the page’s traceparent meta)', () => {
  afterEach(() => resetTracerForTests())

  it('makes the header’s start and every later call children of the page server’s span', async () => {
    expect(joinPageTrace(`00-${TRACE}-${PAGE_SPAN}-01`)).toBe(true)
    const root = startRootSpan('header.start', {})
    await withSpan('HTTP GET cms/siteConfig', {}, async () => undefined)
    root.end()
    await withSpan('HTTP GET products/searchText', {}, async () => undefined)
    const { spans } = takeBufferedSpans()
    const [start, during, after] = spans
    expect(spans.map((s) => s.traceId)).toEqual([TRACE, TRACE, TRACE])
    expect(start!.parentSpanId).toBe(PAGE_SPAN)
    expect(during!.parentSpanId).toBe(start!.spanId)
    expect(after!.parentSpanId).toBe(PAGE_SPAN)
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
