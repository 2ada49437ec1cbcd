// @vitest-environment node
import { context, SpanStatusCode, trace } from '@opentelemetry/api'
import {
  InMemorySpanExporter,
  RandomIdGenerator,
  SimpleSpanProcessor,
  StackContextManager,
  TracerProvider,
} from '@opentelemetry/sdk-trace'
import { afterEach, describe, expect, it } from 'vitest'
import {
  installTracer,
  resetTracerForTests,
  SPAN_BUFFER_LIMIT,
  setParentContextFactory,
  startRootSpan,
  takeBufferedSpans,
  traceparentOf,
  withSpan,
  withSyncSpan,
} from '../../kernel/telemetry/spans'
import { type ForcedIds, replaySpans } from './replaySpans'

/** The SDK as installTelemetry sets it up, exporting into memory. */
function sdk() {
  const forced: ForcedIds = {}
  const random = new RandomIdGenerator()
  const exporter = new InMemorySpanExporter()
  const provider = new TracerProvider({
    idGenerator: {
      generateTraceId: () => forced.traceId ?? random.generateTraceId(),
      generateSpanId: () => forced.spanId ?? random.generateSpanId(),
    },
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  })
  context.setGlobalContextManager(new StackContextManager().enable())
  const tracer = provider.getTracer('test')
  return {
    exporter,
    flush: () => provider.forceFlush(),
    install() {
      setParentContextFactory((span) => trace.setSpan(context.active(), span))
      const replayed = replaySpans(tracer, takeBufferedSpans().spans, forced)
      installTracer(tracer)
      return replayed
    },
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('spans made before the SDK arrives', () => {
  afterEach(() => {
    resetTracerForTests()
    context.disable()
  })

  it('are buffered with real timings and ids, and exported as one trace under the page-load root', async () => {
    const root = startRootSpan('header.start', { 'header.brand': 'usb2c' })
    let sent: string | undefined
    await withSpan(
      'HTTP GET cms/siteConfig',
      { 'url.path': '/rest/v2/usb2c/cms/siteConfig' },
      async (span) => {
        sent = traceparentOf(span)
        await sleep(40)
        span.setAttribute('http.response.status_code', 200)
      },
    )
    withSyncSpan('plugin.start search', { 'plugin.id': 'search' }, () =>
      withSyncSpan('inner', {}, () => undefined),
    )
    await expect(
      withSpan('HTTP GET cms/pages', {}, async () => {
        throw new Error('down')
      }),
    ).rejects.toThrow('down')
    // The traceparent went out before any SDK existed.
    expect(sent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)

    const { exporter, install, flush } = sdk()
    expect(install()).toBe(5)
    // Started before, ended after the SDK arrived: recorded on the SDK span.
    root.setAttribute('header.complete', true)
    // A call made after the SDK arrived, while the page load is still going: under the same root.
    await withSpan('later call', {}, async () => undefined)
    root.end()
    // After the page load, a span is a trace of its own.
    await withSpan('after the load', {}, async () => undefined)
    await flush()

    const spans = exporter.getFinishedSpans()
    const byName = new Map(spans.map((s) => [s.name, s]))
    const rootSpan = byName.get('header.start')!
    const call = byName.get('HTTP GET cms/siteConfig')!
    const pageLoad = spans.filter((s) => s.name !== 'after the load')
    expect(new Set(pageLoad.map((s) => s.spanContext().traceId)).size).toBe(1)
    expect(byName.get('after the load')?.parentSpanContext).toBeUndefined()
    expect(call.parentSpanContext?.spanId).toBe(rootSpan.spanContext().spanId)
    expect(byName.get('inner')?.parentSpanContext?.spanId).toBe(
      byName.get('plugin.start search')?.spanContext().spanId,
    )
    expect(byName.get('later call')?.parentSpanContext?.spanId).toBe(rootSpan.spanContext().spanId)
    // The exported span has the ids its traceparent carried.
    expect(sent).toBe(`00-${call.spanContext().traceId}-${call.spanContext().spanId}-01`)
    // True timing: about the 40 ms it took, not the moment of the replay.
    const ms = call.duration[0] * 1000 + call.duration[1] / 1e6
    expect(ms).toBeGreaterThanOrEqual(35)
    expect(ms).toBeLessThan(200)
    expect(call.attributes['http.response.status_code']).toBe(200)
    expect(byName.get('HTTP GET cms/pages')?.status.code).toBe(SpanStatusCode.ERROR)
    expect(byName.get('HTTP GET cms/pages')?.events.map((e) => e.name)).toEqual(['exception'])
    expect(rootSpan.attributes).toEqual({ 'header.brand': 'usb2c', 'header.complete': true })
  })

  it('keep at most SPAN_BUFFER_LIMIT spans and count the rest as dropped', () => {
    for (let i = 0; i < SPAN_BUFFER_LIMIT + 5; i++) withSyncSpan(`s${i}`, {}, () => undefined)
    const { spans, dropped } = takeBufferedSpans()
    expect(spans).toHaveLength(SPAN_BUFFER_LIMIT)
    expect(dropped).toBe(5)
    expect(takeBufferedSpans().spans).toEqual([])
  })
})
