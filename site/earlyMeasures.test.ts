// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import {
  COMPLETE_MARK,
  type EarlyMeasuresPage,
  earlyMeasuresScript,
  PART_LIVE_MARK,
  shareConsentWithEarlyMeasures,
  startEarlyMeasures,
  takeOverMeasures,
} from './earlyMeasures'

const PAGE_TRACE = '0af7651916cd43dd8448eb211c80319c'
const PAGE_SPAN = 'b7ad6b7169203331'
const TIME_ORIGIN = 1_764_000_000_000

const PAGE: EarlyMeasuresPage = {
  url: '/v1/traces',
  brand: 'cab2c',
  lang: 'fr',
  routeStyle: 'home',
  pluginsVersion: 'v7',
  correlationId: 'cid-early-0001',
  traceparent: `00-${PAGE_TRACE}-${PAGE_SPAN}-01`,
  allowed: true,
}

interface Beacon {
  url: string
  body: Blob
}

/** A page of its own per test: its events, marks, presses, long tasks and beacons. */
function fakePage(marks: { name: string; startTime: number }[] = []) {
  const beacons: Beacon[] = []
  const longTasks: ((list: { getEntries(): { startTime: number; duration: number }[] }) => void)[] = []
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' })
  const win = Object.assign(new EventTarget(), {
    innerWidth: 390,
    document: doc,
    crypto: globalThis.crypto,
    performance: {
      timeOrigin: TIME_ORIGIN,
      now: () => 2500,
      getEntriesByType: (type: string) => (type === 'mark' ? marks : []),
    },
    navigator: {
      sendBeacon: (url: string, body: Blob) => {
        beacons.push({ url, body })
        return true
      },
    },
    PerformanceObserver: class {
      constructor(each: (typeof longTasks)[number]) {
        longTasks.push(each)
      }
      observe() {}
    },
    __oneHeaderPresses: [] as { key: string; at?: number; answeredAt?: number }[],
  })
  const leave = () => win.dispatchEvent(new Event('pagehide'))
  const hide = () => {
    doc.visibilityState = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
  }
  const longTask = (startTime: number, duration: number) => {
    for (const each of longTasks) each({ getEntries: () => [{ startTime, duration }] })
  }
  return { win, beacons, leave, hide, longTask }
}

const spansOf = async (beacon: Beacon) => {
  const body = JSON.parse(await beacon.body.text())
  return body.resourceSpans[0].scopeSpans[0].spans
}
const attributesOf = (span: { attributes: { key: string; value: Record<string, unknown> }[] }) =>
  Object.fromEntries(span.attributes.map((a) => [a.key, Object.values(a.value)[0]]))

describe('the early measures sender (in the page head, before the telemetry SDK)', () => {
  it('sends one OTLP/JSON header.measures span by beacon when the shopper leaves before the SDK: what the page knows by then, linked to the page load', async () => {
    const page = fakePage([
      { name: `${PART_LIVE_MARK}header.search`, startTime: 610.4 },
      { name: `${PART_LIVE_MARK}header.nav`, startTime: 820.6 },
      { name: COMPLETE_MARK, startTime: 900 },
    ])
    startEarlyMeasures(page.win, PAGE)
    page.longTask(100, 130)
    page.longTask(950, 400)
    page.win.__oneHeaderPresses.push({ key: 'account', at: 300, answeredAt: 640 }, { key: 'menu', at: 700 })
    page.leave()
    page.leave()
    page.hide()
    expect(page.beacons).toHaveLength(1)
    const [beacon] = page.beacons
    expect(beacon?.url).toBe('/v1/traces')
    expect(beacon?.body.type).toBe('application/json')
    const body = JSON.parse(await beacon!.body.text())
    // The receiver stamps the brand from the page's host; the correlation id is on the span.
    expect(body.resourceSpans[0].resource.attributes).toEqual([
      { key: 'service.name', value: { stringValue: 'one-header' } },
    ])
    const [span] = await spansOf(beacon!)
    expect(span.name).toBe('header.measures')
    expect(span.traceId).toMatch(/^[0-9a-f]{32}$/)
    expect(span.traceId).not.toBe(PAGE_TRACE)
    expect(span.spanId).toMatch(/^[0-9a-f]{16}$/)
    expect(span.links).toEqual([{ traceId: PAGE_TRACE, spanId: PAGE_SPAN }])
    expect(span.startTimeUnixNano).toBe(String((TIME_ORIGIN + 2500) * 1e6))
    expect(span.endTimeUnixNano).toBe(span.startTimeUnixNano)
    expect(attributesOf(span)).toEqual({
      'header.brand': 'cab2c',
      'header.lang': 'fr',
      'header.route_style': 'home',
      'header.device_class': 'mobile',
      'header.plugins.version': 'v7',
      'header.measures.sender': 'early',
      'correlation.id': 'cid-early-0001',
      'measure.part_live_ms.header.search': 610,
      'measure.part_live_ms.header.nav': 821,
      'measure.live_ms': 900,
      'measure.presses': 2,
      'measure.press_wait_ms': 340,
      // Until live only, as the SDK's measures count them.
      'measure.long_tasks': 1,
      'measure.blocking_ms': 80,
      'measure.fault_plugins': '',
    })
  })

  it('sends when the page is hidden first (a phone may never send pagehide), once', () => {
    const page = fakePage()
    startEarlyMeasures(page.win, PAGE)
    page.hide()
    page.leave()
    expect(page.beacons).toHaveLength(1)
  })

  it('sends nothing when the consent the page started with denies analytical', () => {
    const page = fakePage()
    startEarlyMeasures(page.win, { ...PAGE, allowed: false })
    page.leave()
    expect(page.beacons).toHaveLength(0)
  })

  it("asks the header's consent store once the header shares it: a denial on the page counts before the SDK comes", () => {
    let analytical = true
    const page = fakePage()
    startEarlyMeasures(page.win, PAGE)
    shareConsentWithEarlyMeasures(page.win, () => analytical)
    analytical = false
    page.leave()
    expect(page.beacons).toHaveLength(0)
  })

  it('hands over to the SDK: once its measures took over, the early sender sends nothing', () => {
    const page = fakePage()
    startEarlyMeasures(page.win, PAGE)
    expect(takeOverMeasures(page.win)).toBe(true)
    page.hide()
    page.leave()
    expect(page.beacons).toHaveLength(0)
  })

  it("keeps one measures span per page load: when it has already sent (the tab was hidden), the SDK's measures do not take over", () => {
    const page = fakePage()
    startEarlyMeasures(page.win, PAGE)
    page.hide()
    expect(page.beacons).toHaveLength(1)
    expect(takeOverMeasures(page.win)).toBe(false)
  })

  it('lets the SDK measure as before on a page without the early sender', () => {
    expect(takeOverMeasures(fakePage().win)).toBe(true)
  })

  describe('as the inline script the page server writes', () => {
    const sent: Beacon[] = []
    afterEach(() => {
      Reflect.deleteProperty(window, '__oneHeaderMeasures')
      Reflect.deleteProperty(navigator, 'sendBeacon')
    })

    it('runs on its own in a page (it refers to nothing outside itself) and sends on pagehide', async () => {
      Object.defineProperty(navigator, 'sendBeacon', {
        configurable: true,
        value: (url: string, body: Blob) => sent.push({ url, body }) > 0,
      })
      new Function(earlyMeasuresScript(PAGE))()
      window.dispatchEvent(new Event('pagehide'))
      expect(sent).toHaveLength(1)
      const [span] = await spansOf(sent[0]!)
      expect(attributesOf(span)['header.brand']).toBe('cab2c')
    })

    it('cannot be closed early by a value in it', () => {
      const script = earlyMeasuresScript({ ...PAGE, pluginsVersion: '</script><script>alert(1)//' })
      expect(script).not.toContain('</script')
      expect(script).toContain('\\u003c/script>')
    })
  })
})
