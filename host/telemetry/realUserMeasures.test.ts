// @vitest-environment jsdom
import { context } from '@opentelemetry/api'
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  StackContextManager,
  TracerProvider,
} from '@opentelemetry/sdk-trace'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { joinPageTrace, resetTracerForTests } from '../../kernel/telemetry/spans'
import { COMPLETE_MARK, PART_LIVE_MARK } from '../frame/marks'
import {
  deviceClassOf,
  MEASURES_SPAN,
  measureAttributes,
  PART_LIVE_SPAN,
  routeStyleOf,
  startRealUserMeasures,
} from './realUserMeasures'

const PAGE_TRACE = '0af7651916cd43dd8448eb211c80319c'
const PAGE_SPAN = 'b7ad6b7169203331'

describe('the real-user measures of one page load', () => {
  it('are one flat row: vitals, time to live, each part, presses and their longest wait, long tasks and blocking time until live, faulty plugins', () => {
    expect(
      measureAttributes({
        brand: 'cab2c',
        lang: 'fr',
        routeStyle: 'home',
        deviceClass: 'mobile',
        pluginsVersion: 'rollout:r1',
        lcpMs: 812.4,
        inpMs: 96,
        cls: 0.01234,
        liveAt: 1450.6,
        partsLiveAt: new Map([
          ['header.nav', 1320.2],
          ['header.search', 990.7],
        ]),
        presses: [
          { key: 'account', href: null, done: true, at: 700, answeredAt: 1010 },
          { key: 'cart', href: '/cart', done: true, at: 900, answeredAt: 1000 },
          { key: 'menu', href: null, done: false, at: 1200 },
        ],
        longTasks: [
          { startTime: 300, duration: 80 },
          { startTime: 1400, duration: 60 },
          { startTime: 1500, duration: 200 },
        ],
        faults: [
          { pluginId: 'search', code: 'PLUGIN_SETUP_FAILED' },
          { pluginId: 'loyalty', code: 'EVENT_HANDLER_FAILED' },
          { pluginId: 'search', code: 'EVENT_HANDLER_FAILED' },
        ],
      }),
    ).toEqual({
      'header.brand': 'cab2c',
      'header.lang': 'fr',
      'header.route_style': 'home',
      'header.device_class': 'mobile',
      'header.plugins.version': 'rollout:r1',
      'measure.lcp_ms': 812,
      'measure.inp_ms': 96,
      'measure.cls': 0.0123,
      'measure.live_ms': 1451,
      'measure.part_live_ms.header.nav': 1320,
      'measure.part_live_ms.header.search': 991,
      'measure.presses': 3,
      'measure.press_wait_ms': 310,
      'measure.long_tasks': 2,
      'measure.blocking_ms': 40,
      'measure.fault_plugins': 'loyalty,search',
    })
  })

  it('name the route style and device class by the header’s own routes and breakpoints', () => {
    expect(['/', '/fr/accueil', '/quiz/roast', '/brewer-registration', '/coffee'].map(routeStyleOf)).toEqual([
      'home',
      'home',
      'quiz',
      'brewer-registration',
      'standard',
    ])
    expect([390, 767, 768, 991, 992, 1440].map(deviceClassOf)).toEqual([
      'mobile',
      'mobile',
      'tablet',
      'tablet',
      'desktop',
      'desktop',
    ])
  })
})

describe('startRealUserMeasures', () => {
  let exporter: InMemorySpanExporter
  let provider: TracerProvider
  beforeEach(() => {
    resetTracerForTests()
    performance.clearMarks()
    exporter = new InMemorySpanExporter()
    provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] })
    context.setGlobalContextManager(new StackContextManager().enable())
  })
  afterEach(() => {
    resetTracerForTests()
    context.disable()
  })

  function start(allowed: () => boolean = () => true, flush?: () => void) {
    const container = document.createElement('header')
    startRealUserMeasures({
      ...(flush ? { flush } : {}),
      tracer: provider.getTracer('test'),
      brand: 'usb2c',
      lang: 'en',
      pluginsVersion: 'v7',
      container,
      faults: [{ pluginId: 'loyalty', code: 'PLUGIN_SETUP_FAILED', message: 'boom' }],
      allowed,
      win: window,
    })
  }

  it('keeps what happened before it loaded: parts already live become spans of the page load, and the measures go once, on pagehide', async () => {
    joinPageTrace(`00-${PAGE_TRACE}-${PAGE_SPAN}-01`)
    // The parts went live before telemetry loaded (it loads when the page is quiet).
    performance.mark(`${PART_LIVE_MARK}header.search`)
    performance.mark(`${PART_LIVE_MARK}header.nav`)
    performance.mark(COMPLETE_MARK)
    start()
    await provider.forceFlush()
    const parts = exporter.getFinishedSpans().filter((s) => s.name === PART_LIVE_SPAN)
    expect(parts.map((s) => s.attributes['header.part']).sort()).toEqual(['header.nav', 'header.search'])
    for (const span of parts) {
      expect(span.spanContext().traceId).toBe(PAGE_TRACE)
      expect(span.parentSpanContext?.spanId).toBe(PAGE_SPAN)
    }
    expect(exporter.getFinishedSpans().some((s) => s.name === MEASURES_SPAN)).toBe(false)

    window.dispatchEvent(new Event('pagehide'))
    window.dispatchEvent(new Event('pagehide'))
    await provider.forceFlush()
    const measures = exporter.getFinishedSpans().filter((s) => s.name === MEASURES_SPAN)
    expect(measures).toHaveLength(1)
    const [span] = measures
    // A trace of its own linked to the page load: the page load does not last until the shopper left.
    expect(span?.spanContext().traceId).not.toBe(PAGE_TRACE)
    expect(span?.parentSpanContext).toBeUndefined()
    expect(span?.links.map((l) => [l.context.traceId, l.context.spanId])).toEqual([[PAGE_TRACE, PAGE_SPAN]])
    expect(span?.attributes).toMatchObject({
      'header.brand': 'usb2c',
      'header.lang': 'en',
      'header.plugins.version': 'v7',
      'measure.fault_plugins': 'loyalty',
      'measure.presses': 0,
    })
    expect(typeof span?.attributes['measure.part_live_ms.header.nav']).toBe('number')
    expect(typeof span?.attributes['measure.live_ms']).toBe('number')
    expect(span?.events.map((e) => e.name).sort()).toEqual([PART_LIVE_SPAN, PART_LIVE_SPAN, 'plugin.fault'])
  })

  it('goes when the page is hidden, if that comes before pagehide (a phone may never send one), and is flushed', async () => {
    let flushed = 0
    start(undefined, () => flushed++)
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    try {
      document.dispatchEvent(new Event('visibilitychange'))
    } finally {
      Reflect.deleteProperty(document, 'visibilityState')
    }
    await provider.forceFlush()
    expect(exporter.getFinishedSpans().filter((s) => s.name === MEASURES_SPAN)).toHaveLength(1)
    expect(flushed).toBe(1)
    // Leaving the page afterwards sends nothing twice.
    window.dispatchEvent(new Event('pagehide'))
    await provider.forceFlush()
    expect(exporter.getFinishedSpans().filter((s) => s.name === MEASURES_SPAN)).toHaveLength(1)
  })

  it('sends nothing when analytics is not allowed when the page is left', async () => {
    start(() => false)
    window.dispatchEvent(new Event('pagehide'))
    await provider.forceFlush()
    expect(exporter.getFinishedSpans().filter((s) => s.name === MEASURES_SPAN)).toHaveLength(0)
  })

  it('sends nothing when the early sender in the page head already sent this page load (the tab was hidden before the SDK came)', async () => {
    const early = window as Window & { __oneHeaderMeasures?: { allowed: () => boolean; by?: string } }
    early.__oneHeaderMeasures = { allowed: () => true, by: 'early' }
    try {
      start()
      window.dispatchEvent(new Event('pagehide'))
      await provider.forceFlush()
      expect(exporter.getFinishedSpans().filter((s) => s.name === MEASURES_SPAN)).toHaveLength(0)
    } finally {
      Reflect.deleteProperty(early, '__oneHeaderMeasures')
    }
  })

  it('takes over from the early sender when it has not sent: its measures are the one span', async () => {
    const early = window as Window & { __oneHeaderMeasures?: { allowed: () => boolean; by?: string } }
    early.__oneHeaderMeasures = { allowed: () => true }
    try {
      start()
      expect(early.__oneHeaderMeasures.by).toBe('sdk')
      window.dispatchEvent(new Event('pagehide'))
      await provider.forceFlush()
      expect(exporter.getFinishedSpans().filter((s) => s.name === MEASURES_SPAN)).toHaveLength(1)
    } finally {
      Reflect.deleteProperty(early, '__oneHeaderMeasures')
    }
  })
})
