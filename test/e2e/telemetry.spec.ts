import { expect, type Page, test } from '@playwright/test'
import { openHeader, PORT } from './support'
import { telemetryAuth } from './telemetryAuth'

interface Session {
  spans: {
    traceId: string
    spanId: string
    parentSpanId: string | null
    name: string
    serviceName: string | null
    attributes: Record<string, unknown>
    correlationId: string | null
  }[]
  logs: { severityText: string | null; attributes: Record<string, unknown>; correlationId: string | null }[]
}

const correlationIdOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { oneHeader: { correlationId: string } }).oneHeader.correlationId)

async function sessionOf(page: Page, correlationId: string): Promise<Session | undefined> {
  const response = await page.request.get(
    `http://localhost:${PORT}/api/telemetry/sessions/${correlationId}`,
    {
      headers: telemetryAuth,
    },
  )
  return response.ok() ? ((await response.json()) as Session) : undefined
}

test('one session from browser to server: API 500 and a throwing handler, read back by correlation id', async ({
  page,
}) => {
  const traceparents: { url: string; traceparent?: string }[] = []
  page.on('request', (r) => traceparents.push({ url: r.url(), traceparent: r.headers().traceparent }))
  // A page-level plugin whose handler throws whenever an API call fails.
  await page.addInitScript(() => {
    ;(window as unknown as { oneHeaderPlugins: unknown[] }).oneHeaderPlugins = [
      {
        id: 'thrower',
        events: {
          'http:failure': () => {
            throw new Error('handler bug')
          },
        },
      },
    ]
  })
  // A session cookie that must never appear in exported telemetry.
  await page
    .context()
    .addCookies([{ name: 'SESSION', value: 'sess-secret-e2e', url: `http://localhost:${PORT}/` }])
  // The session cart call fails with a real 500 from the reference server. (A call the header makes
  // itself: the start-up CMS calls are preloaded by the page, and a preload carries no traceparent.)
  await page.route('**/rest/v2/*/getSessionCartGuid*', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-test-fault': '500' } }),
  )
  await openHeader(page, 'usb2c', '/cart')
  const correlationId = await correlationIdOf(page)
  // Let the cart call fail, then leave the page: what is batched must still arrive.
  await expect.poll(() => traceparents.some((r) => r.url.includes('/getSessionCartGuid'))).toBe(true)
  // The SDK loads when the browser is idle after start-up; what came before it is replayed then.
  await page.waitForFunction(
    () => (window as unknown as { oneHeader: { telemetry: string } }).oneHeader.telemetry === 'installed',
  )
  await page.waitForTimeout(300)
  await page.goto(`http://localhost:${PORT}/c/coffee`)

  let session: Session | undefined
  await expect
    .poll(
      async () => {
        session = await sessionOf(page, correlationId)
        const types = session?.logs.map((l) => l.severityText) ?? []
        return types.includes('API_FAILURE_CODE5XX') && types.includes('ERROR')
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  const s = session as Session

  // Every record carries the page's correlation id; the thrower is named by its plugin id.
  expect(s.logs.every((l) => l.correlationId === correlationId)).toBe(true)
  const fault = s.logs.find((l) => l.attributes['additionalInfoObject.pluginId'] === 'thrower')
  expect(fault?.attributes.eventType).toBe('EVENT_HANDLER_FAILED')
  const api = s.logs.find((l) => l.severityText === 'API_FAILURE_CODE5XX')
  expect(api?.attributes.requestUrl).toBe('getSessionCartGuid')

  // The browser's span for the call and the server's span for handling it share one trace.
  const client = s.spans.find(
    (sp) => sp.name.startsWith('HTTP GET getSessionCartGuid') && sp.serviceName === 'one-header',
  )
  expect(client?.attributes['http.response.status_code']).toBe(500)
  const server = s.spans.find(
    (sp) => sp.serviceName === 'one-header-reference-server' && sp.parentSpanId === client?.spanId,
  )
  expect(server?.traceId).toBe(client?.traceId)

  // traceparent went to the store's own API, and nowhere else.
  const withTrace = traceparents.filter((r) => r.traceparent)
  expect(withTrace.some((r) => r.url.includes('/rest/v2/'))).toBe(true)
  expect(withTrace.every((r) => new URL(r.url).origin === `http://localhost:${PORT}`)).toBe(true)

  // Nothing secret left the page.
  expect(JSON.stringify(s)).not.toMatch(/Bearer [A-Za-z0-9]|password=|access_token=[^[]/)
  expect(JSON.stringify(s)).not.toContain('sess-secret-e2e')
})

test('the start-up calls made before the SDK loaded reach the server as one trace, with the page correlation id and their true timings', async ({
  browser,
}) => {
  // A first visit: nothing cached, so the three start-up calls really go to the network.
  const context = await browser.newContext()
  const page = await context.newPage()
  await openHeader(page, 'cab2c', '/fr/cart')
  const correlationId = await correlationIdOf(page)
  await page.waitForFunction(
    () => (window as unknown as { oneHeader: { telemetry: string } }).oneHeader.telemetry === 'installed',
  )
  const network = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({
      name: e.name,
      responseEnd: performance.timeOrigin + (e as PerformanceResourceTiming).responseEnd,
    })),
  )
  const calls = ['cms/siteConfig', 'cms/pages', 'cms/content-slots/NavigationBarSlot']
  type Timed = Session['spans'][number] & { startTimeUnixNano: string; endTimeUnixNano: string }
  let spans: Timed[] = []
  await expect
    .poll(
      async () => {
        spans = ((await sessionOf(page, correlationId))?.spans ?? []) as Timed[]
        return calls.every((c) =>
          spans.some((s) => s.name === `HTTP GET ${c}` && s.serviceName === 'one-header'),
        )
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  const root = spans.find((s) => s.name === 'header.start') as Timed | undefined
  expect(root?.correlationId).toBe(correlationId)
  // The plugin switches' version the visitor was served: the live ones, no roll-out running.
  expect(root?.attributes['header.plugins.version']).toBe('live')
  const pageSpan = spans.find((s) => s.name.startsWith('page GET'))
  const rootStartMs = Number(BigInt(root!.startTimeUnixNano) / 1_000_000n)
  for (const call of calls) {
    const span = spans.find((s) => s.name === `HTTP GET ${call}` && s.serviceName === 'one-header')!
    // One page load, one tree: the call is in its trace, placed where it started — under the page's
    // span when the page preloaded it before the header's start, else under the start.
    const endMs = Number(BigInt(span.endTimeUnixNano) / 1_000_000n)
    const startMs = Number(BigInt(span.startTimeUnixNano) / 1_000_000n)
    expect(span.traceId).toBe(root?.traceId)
    expect(span.parentSpanId).toBe(startMs < rootStartMs ? pageSpan?.spanId : root?.spanId)
    expect(span.correlationId).toBe(correlationId)
    // True timing: the span ends when its response arrived (plus decoding), not when the SDK loaded.
    const arrived = Math.max(...network.filter((n) => n.name.includes(`/${call}?`)).map((n) => n.responseEnd))
    expect(endMs).toBeGreaterThan(startMs)
    // The call ends once its response is in: at once when the page's preload had already brought it.
    expect(Math.abs(endMs - Math.max(startMs, arrived))).toBeLessThan(150)
    // The server handled the call under the same correlation id (the page preloads these three calls,
    // and a preload cannot carry the browser span's traceparent; the first-visit cookie links them).
    expect(
      spans.some(
        (s) =>
          s.serviceName === 'one-header-reference-server' &&
          s.correlationId === correlationId &&
          String(s.attributes['url.path'] ?? s.name).includes(call),
      ),
    ).toBe(true)
  }
  // One page load is one trace: the page server's span is its root, the header's start is its child,
  // and every span that began before the page was quiet, the server's included, is in that trace
  // (what the shopper does later is a trace of its own, linked to it).
  expect(pageSpan?.parentSpanId).toBeNull()
  expect(root?.parentSpanId).toBe(pageSpan?.spanId)
  const rootEndMs = Number(BigInt(root!.endTimeUnixNano) / 1_000_000n)
  const duringStartUp = spans.filter(
    (s) => Number(BigInt((s as Timed).startTimeUnixNano) / 1_000_000n) <= rootEndMs,
  )
  expect([...new Set(duringStartUp.map((s) => s.traceId))]).toEqual([pageSpan?.traceId])
  await context.close()
})

test('a shopper who leaves before the telemetry SDK loaded still sends the page load’s measures, once', async ({
  browser,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  // The SDK's chunk never comes: the shopper leaves before it would have.
  await page.route('**/assets/installTelemetry*', (route) => route.abort())
  await openHeader(page, 'usb2c', '/')
  const correlationId = await correlationIdOf(page)
  // Every part is live; the shopper leaves.
  await page.waitForFunction(() => performance.getEntriesByName('one-header:complete').length > 0)
  const telemetryState = () =>
    page.evaluate(() => (window as unknown as { oneHeader: { telemetry: string } }).oneHeader.telemetry)
  expect(await telemetryState()).not.toBe('installed')
  await page.goto(`http://localhost:${PORT}/c/coffee`)
  let measures: Session['spans'] = []
  await expect
    .poll(
      async () => {
        const spans = (await sessionOf(page, correlationId))?.spans ?? []
        measures = spans.filter((s) => s.name === 'header.measures')
        return measures.length
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0)
  expect(measures).toHaveLength(1)
  expect(measures[0]?.attributes).toMatchObject({
    'header.measures.sender': 'early',
    'header.brand': 'usb2c',
    'header.route_style': 'home',
    'header.plugins.version': 'live',
  })
  expect(typeof measures[0]?.attributes['measure.part_live_ms.header.nav']).toBe('number')
  expect(typeof measures[0]?.attributes['measure.live_ms']).toBe('number')
})
