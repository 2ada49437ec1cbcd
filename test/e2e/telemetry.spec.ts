import { expect, type Page, test } from '@playwright/test'
import { openHeader, PORT } from './support'

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
  const response = await page.request.get(`http://localhost:${PORT}/api/telemetry/sessions/${correlationId}`)
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
  // The navigation components call fails with a real 500 from the reference server.
  await page.route('**/rest/v2/*/cms/components*', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-test-fault': '500' } }),
  )
  await openHeader(page, 'usb2c', '/cart')
  const correlationId = await correlationIdOf(page)
  // Let the components call fail, then leave the page: what is batched must still arrive.
  await expect.poll(() => traceparents.some((r) => r.url.includes('/cms/components'))).toBe(true)
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
  expect(api?.attributes.requestUrl).toBe('cms/components')

  // The browser's span for the call and the server's span for handling it share one trace.
  const client = s.spans.find(
    (sp) => sp.name.startsWith('HTTP GET cms/components') && sp.serviceName === 'one-header',
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
