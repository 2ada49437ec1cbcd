// @vitest-environment node
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import type { BrowserLimits } from './browserTelemetry'

const INGEST_TOKEN = 'test-ingest-token-browser-0123456789'
const str = (key: string, value: string) => ({ key, value: { stringValue: value } })
let traceNo = 0x100

/** One span as a browser exporter sends it, in a trace of its own; `extra` attributes on top. */
function spanRequest(opts: {
  traceId?: string
  name?: string
  parentSpanId?: string
  scope?: string
  service?: string
  attributes?: Record<string, string>
  resource?: Record<string, string>
  correlationId?: string
}) {
  const traceId = opts.traceId ?? (traceNo++).toString(16).padStart(32, '0')
  return {
    traceId,
    body: {
      resourceSpans: [
        {
          resource: {
            attributes: [
              str('service.name', opts.service ?? 'one-header'),
              str('correlation.id', opts.correlationId ?? 'browser-test-session'),
              ...Object.entries(opts.resource ?? {}).map(([k, v]) => str(k, v)),
            ],
          },
          scopeSpans: [
            {
              scope: { name: opts.scope ?? 'one-header' },
              spans: [
                {
                  traceId,
                  spanId: '00000000000000aa',
                  ...(opts.parentSpanId ? { parentSpanId: opts.parentSpanId } : {}),
                  name: opts.name ?? 'header.start',
                  kind: 1,
                  startTimeUnixNano: '1718000000000000000',
                  endTimeUnixNano: '1718000000050000000',
                  attributes: Object.entries(opts.attributes ?? {}).map(([k, v]) => str(k, v)),
                  status: { code: 0 },
                },
              ],
            },
          ],
        },
      ],
    },
  }
}

/** One store for every test; each app over it has its own limits (and its own per-client counts). */
let base: ReferenceServer
beforeAll(async () => {
  base = await createServer({ ...(await testStore()), log: false, telemetryIngestToken: INGEST_TOKEN })
})
afterAll(() => base.close())
const serverWith = async (limits?: BrowserLimits): Promise<Server> =>
  limits
    ? {
        app: createApp({
          store: base.db,
          log: false,
          telemetryIngestToken: INGEST_TOKEN,
          browserTelemetryLimits: limits,
        }),
        db: base.db,
      }
    : base
type Server = Pick<ReferenceServer, 'app' | 'db'>

const post = (server: Server, body: unknown, headers: Record<string, string>, path = '/v1/traces') =>
  server.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body:
      typeof body === 'string' || body instanceof Uint8Array
        ? (body as RequestInit['body'])
        : JSON.stringify(body),
  })

const storedSpans = async (server: Server, traceId: string) =>
  (
    await server.db.query<{
      source: string | null
      attributes: Record<string, unknown>
      resource: Record<string, unknown>
    }>('SELECT source, attributes, resource FROM spans WHERE trace_id = $1', [traceId])
  ).rows

const summaryOf = async (server: Server, traceId: string) =>
  (
    await server.db.query<{ brand: string | null; root_name: string | null; page_served: boolean }>(
      'SELECT brand, root_name, page_served FROM trace_summaries WHERE trace_id = $1',
      [traceId],
    )
  ).rows[0]

describe('who may write telemetry', () => {
  let server: Server
  beforeAll(async () => {
    server = await serverWith()
  })

  it('refuses a request with neither a store Origin nor the ingest token (401, UNAUTHENTICATED), storing nothing', async () => {
    const { traceId, body } = spanRequest({})
    for (const path of ['/v1/traces', '/v1/logs']) {
      const res = await post(server, body, {}, path)
      expect(res.status, path).toBe(401)
      expect(await res.json()).toEqual({ code: 16, message: expect.stringMatching(/Origin.*ingest token/) })
    }
    expect(await storedSpans(server, traceId)).toEqual([])
  })

  it.each([
    ['another site', 'https://evil.example'],
    ['a look-alike of the store', 'http://localhost.evil.example'],
    ['an opaque origin', 'null'],
    ['a file page', 'file://'],
    ['an origin with a path', 'http://localhost/console'],
  ])('refuses the Origin of %s (403, PERMISSION_DENIED), storing nothing', async (_, origin) => {
    const { traceId, body } = spanRequest({})
    const res = await post(server, body, { origin })
    expect(res.status).toBe(403)
    expect(((await res.json()) as { code: number }).code).toBe(7)
    expect(await storedSpans(server, traceId)).toEqual([])
  })

  it('refuses a bearer token that is not the ingest token, even with a store Origin', async () => {
    const { traceId, body } = spanRequest({})
    const res = await post(server, body, {
      origin: 'http://localhost:4200',
      authorization: 'Bearer guessed-token-0123456789',
    })
    expect(res.status).toBe(401)
    expect(await storedSpans(server, traceId)).toEqual([])
  })

  it('takes the brand from the host the page was served under, not from what the browser claims', async () => {
    const { traceId, body } = spanRequest({
      attributes: { 'header.brand': 'usafh', 'url.path': '/rest/v2/usafh/cms/pages' },
      resource: { 'one_header.brand': 'usafh' },
    })
    const res = await post(server, body, { origin: 'http://cab2c.ca.localhost:4200' })
    expect(res.status).toBe(200)
    const [span] = await storedSpans(server, traceId)
    expect(span).toMatchObject({
      source: 'browser',
      attributes: { 'header.brand': 'cab2c', 'url.path': '/rest/v2/usafh/cms/pages' },
      resource: { 'one_header.brand': 'cab2c' },
    })
    expect((await summaryOf(server, traceId))?.brand).toBe('cab2c')
  })

  it('lets a collector with the ingest token write as it sends, without an Origin', async () => {
    const { traceId, body } = spanRequest({ attributes: { 'header.brand': 'usafh' } })
    const res = await post(server, body, { authorization: `Bearer ${INGEST_TOKEN}` })
    expect(res.status).toBe(200)
    expect(await storedSpans(server, traceId)).toMatchObject([
      { source: 'collector', attributes: { 'header.brand': 'usafh' } },
    ])
  })

  it('keeps a page span a browser forged (the page server’s name, scope and service) apart from served page loads', async () => {
    const forged = spanRequest({
      name: 'page GET home',
      scope: 'one-header-reference-server/pages',
      service: 'one-header-reference-server',
      attributes: { 'header.brand': 'usb2c' },
    })
    expect((await post(server, forged.body, { origin: 'http://localhost:4200' })).status).toBe(200)
    expect(await summaryOf(server, forged.traceId)).toEqual({
      brand: 'usb2c',
      root_name: 'page GET home',
      page_served: false,
    })

    // A page the server served: its own span marks the page load real, and the header's spans join it.
    const page = await server.app.request('http://cab2c.ca.localhost:4200/')
    expect(page.status).toBe(200)
    const traceparent = /<meta name="traceparent" content="00-([0-9a-f]{32})-([0-9a-f]{16})-01">/.exec(
      await page.text(),
    )
    expect(traceparent).not.toBeNull()
    const [, traceId, pageSpan] = traceparent!
    const header = spanRequest({
      traceId: traceId!,
      parentSpanId: pageSpan!,
      attributes: { 'header.brand': 'usafh' },
    })
    // The header's spans may arrive before the page's own span is written: both orders end the same.
    expect((await post(server, header.body, { origin: 'http://cab2c.ca.localhost:4200' })).status).toBe(200)
    await expect.poll(() => summaryOf(server, traceId!)).toMatchObject({ page_served: true })
    expect(await summaryOf(server, traceId!)).toEqual({
      brand: 'cab2c',
      root_name: 'page GET home',
      page_served: true,
    })
  })
})

describe('each browser client’s limits', () => {
  const ORIGIN = { origin: 'http://localhost:4200' }

  it('refuses a browser body over 256 KiB (413), sent or once gunzipped, which a collector may send', async () => {
    const server = await serverWith()
    const big = spanRequest({ attributes: { padding: 'x'.repeat(300 * 1024) } })
    const refused = await post(server, big.body, ORIGIN)
    expect(refused.status).toBe(413)
    expect(((await refused.json()) as { code: number; message: string }).message).toMatch(/262144 bytes/)
    const zipped = await post(server, new Uint8Array(gzipSync(JSON.stringify(big.body))), {
      ...ORIGIN,
      'content-encoding': 'gzip',
    })
    expect(zipped.status).toBe(413)
    expect(await storedSpans(server, big.traceId)).toEqual([])
    expect((await post(server, big.body, { authorization: `Bearer ${INGEST_TOKEN}` })).status).toBe(200)
  })

  it('answers 429 with Retry-After once a client has sent its exports for the minute; a collector is not held', async () => {
    const server = await serverWith({ requestsPerMinute: 3, bytesPerMinute: 10_000_000 })
    const answers: number[] = []
    for (let i = 0; i < 4; i++) answers.push((await post(server, spanRequest({}).body, ORIGIN)).status)
    expect(answers).toEqual([200, 200, 200, 429])
    const held = await post(server, spanRequest({}).body, ORIGIN)
    expect(held.status).toBe(429)
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(held.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(((await held.json()) as { code: number }).code).toBe(8)
    expect(
      (await post(server, spanRequest({}).body, { authorization: `Bearer ${INGEST_TOKEN}` })).status,
    ).toBe(200)
  })

  it('answers 429 once a client has sent its bytes for the minute', async () => {
    const server = await serverWith({ requestsPerMinute: 100, bytesPerMinute: 2_000 })
    const padded = () => spanRequest({ attributes: { padding: 'x'.repeat(1_200) } }).body
    expect((await post(server, padded(), ORIGIN)).status).toBe(200)
    expect((await post(server, padded(), ORIGIN)).status).toBe(200)
    expect((await post(server, padded(), ORIGIN)).status).toBe(429)
  })
})
