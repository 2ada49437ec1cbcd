// @vitest-environment node
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import { SERVER_SERVICE_NAME, serverSpans } from './serverSpans'
import type { Session } from './sessionTypes'
import type { SpanRow } from './storeTelemetry'
import { parseTraceparent } from './traceparent'

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736'
const PARENT = '00f067aa0ba902b7'
const TRACEPARENT = `00-${TRACE}-${PARENT}-01`
const CID = '9d2c1e4f-0a1b-4c2d-8e3f-123456789abc-18f9a2b3c4d'

describe('parseTraceparent', () => {
  it('reads a version 00 header', () => {
    expect(parseTraceparent(TRACEPARENT)).toEqual({ traceId: TRACE, spanId: PARENT, flags: '01' })
  })

  it.each([
    undefined,
    '',
    `01-${TRACE}-${PARENT}-01`,
    `00-${TRACE.toUpperCase()}-${PARENT}-01`,
    `00-${TRACE}-${PARENT}`,
    `00-${TRACE}-${PARENT}-01-extra`,
    `00-${'0'.repeat(32)}-${PARENT}-01`,
    `00-${TRACE}-${'0'.repeat(16)}-01`,
    `00-${TRACE.slice(1)}-${PARENT}-01`,
  ])('refuses %j', (header) => {
    expect(parseTraceparent(header)).toBeNull()
  })
})

describe('serverSpans middleware', () => {
  const setup = () => {
    const spans: SpanRow[] = []
    let clock = 1_718_000_000_000_000_000n
    const app = new Hono()
    const mw = serverSpans((s) => spans.push(s), { now: () => (clock += 2_500_000n) })
    app.use('/rest/*', mw)
    app.use('/api/*', mw)
    app.get('/rest/v2/:brand/items/:id', (c) => c.json({ id: c.req.param('id') }))
    app.get('/api/boom', () => {
      throw new Error('boom')
    })
    app.get('/api/telemetry/sessions/latest', (c) => c.json({}))
    app.onError((_, c) => c.json({ errors: [] }, 500))
    return { app, spans }
  }

  it('records a child of the browser span: same trace, parent = header span id', async () => {
    const { app, spans } = setup()
    const res = await app.request('/rest/v2/usb2c/items/42', {
      headers: { traceparent: TRACEPARENT, 'x-correlation-id': CID },
    })
    expect(res.status).toBe(200)
    expect(spans).toHaveLength(1)
    expect(spans[0]).toMatchObject({
      trace_id: TRACE,
      parent_span_id: PARENT,
      name: 'HTTP GET /rest/v2/:brand/items/:id',
      kind: 2,
      start_ns: '1718000000002500000',
      end_ns: '1718000000005000000',
      status_code: 0,
      service_name: SERVER_SERVICE_NAME,
      correlation_id: CID,
      attributes: {
        'http.request.method': 'GET',
        'http.route': '/rest/v2/:brand/items/:id',
        'url.path': '/rest/v2/usb2c/items/42',
        'http.response.status_code': 200,
        'correlation.id': CID,
      },
    })
    expect(spans[0]!.span_id).toMatch(/^[0-9a-f]{16}$/)
    expect(spans[0]!.span_id).not.toBe(PARENT)
  })

  it('starts a new trace for a correlation id without traceparent, and marks 5xx as an error', async () => {
    const { app, spans } = setup()
    const res = await app.request('/api/boom', { headers: { 'x-correlation-id': CID } })
    expect(res.status).toBe(500)
    expect(spans[0]).toMatchObject({ parent_span_id: null, status_code: 2, correlation_id: CID })
    expect(spans[0]!.trace_id).toMatch(/^[0-9a-f]{32}$/)
    expect(spans[0]!.attributes['error.type']).toBe('500')
  })

  it('files a call without x-correlation-id under the CORRELATION_ID cookie (a preloaded start-up call)', async () => {
    const { app, spans } = setup()
    await app.request('/rest/v2/usb2c/items/7', { headers: { cookie: `CORRELATION_ID=${CID}` } })
    expect(spans).toHaveLength(1)
    expect(spans[0]).toMatchObject({ parent_span_id: null, correlation_id: CID })
    expect(spans[0]!.attributes['correlation.id']).toBe(CID)
    // The header, when usable, names the session; an unusable header falls back to the cookie.
    const other = 'ffffffff-0a1b-4c2d-8e3f-123456789abc-18f9a2b3c4d'
    await app.request('/rest/v2/usb2c/items/8', {
      headers: { cookie: `CORRELATION_ID=${CID}`, 'x-correlation-id': other },
    })
    await app.request('/rest/v2/usb2c/items/9', {
      headers: { cookie: `CORRELATION_ID=${CID}`, 'x-correlation-id': 'a b<c>' },
    })
    expect(spans.map((s) => s.correlation_id)).toEqual([CID, other, CID])
  })

  it('records nothing without a valid traceparent or correlation id, nor for the telemetry read-back', async () => {
    const { app, spans } = setup()
    await app.request('/rest/v2/usb2c/items/1')
    await app.request('/rest/v2/usb2c/items/1', {
      headers: { traceparent: `00-${'0'.repeat(32)}-${PARENT}-01` },
    })
    await app.request('/rest/v2/usb2c/items/1', { headers: { 'x-correlation-id': 'a b<c>' } })
    await app.request('/rest/v2/usb2c/items/1', { headers: { 'x-correlation-id': 'undefined' } })
    await app.request('/rest/v2/usb2c/items/1', { headers: { cookie: 'CORRELATION_ID=undefined' } })
    await app.request('/api/telemetry/sessions/latest', { headers: { traceparent: TRACEPARENT } })
    expect(spans).toEqual([])
  })
})

describe('server spans in the reference server', () => {
  let server: ReferenceServer
  const readToken = 'server-spans-read-token-0123456789'
  beforeAll(async () => {
    server = await createServer({ ...(await testStore()), log: false, telemetryReadToken: readToken })
  })
  afterAll(() => server.close())

  it('joins the browser trace of a /rest call and shows in the session', async () => {
    const path = '/rest/v2/usb2c/cms/pages?lang=en&pageLabelOrId=oneHeader'
    // Sent first: a request with an invalid traceparent and no correlation id leaves no span.
    const ignored = await server.app.request(path, { headers: { traceparent: `00-${TRACE}-zz-01` } })
    expect(ignored.status).toBe(200)
    const res = await server.app.request(path, {
      headers: { traceparent: TRACEPARENT, 'x-correlation-id': CID },
    })
    expect(res.status).toBe(200)

    // The span is written after the response, in the next batch: the waiting ones are written first.
    await server.flushSpans()
    const r = await server.app.request(`/api/telemetry/sessions/${CID}`, {
      headers: { authorization: `Bearer ${readToken}` },
    })
    expect(r.status).toBe(200)
    const session = (await r.json()) as Session
    expect(session.spans).toHaveLength(1)
    expect(session.spans[0]).toMatchObject({
      traceId: TRACE,
      parentSpanId: PARENT,
      name: 'HTTP GET /rest/v2/:brand/cms/pages',
      kind: 2,
      serviceName: SERVER_SERVICE_NAME,
      attributes: { 'http.response.status_code': 200, 'url.path': '/rest/v2/usb2c/cms/pages' },
    })
    // The first request's span would have been in the same batch.
    const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM spans')
    expect(rows[0]!.n).toBe(1)
  })
})
