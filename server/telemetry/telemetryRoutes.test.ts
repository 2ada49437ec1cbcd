// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ReferenceServer } from '../createServer'
import {
  FETCH_SPAN,
  logsRequest,
  ROOT_SPAN,
  SEARCH_SPAN,
  SESSION_ID,
  TRACE_ID,
  traceRequest,
} from './otlpFixtures'
import type { Session } from './sessionTypes'

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ memory: true, log: false })
})
afterAll(() => server.close())

const post = (path: string, body: unknown, type = 'application/json') =>
  server.app.request(path, {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const session = async (id: string, status = 200) => {
  const res = await server.app.request(`/api/telemetry/sessions/${id}`)
  expect(res.status, id).toBe(status)
  return (await res.json()) as Session & { errors?: { type: string; message: string }[] }
}

describe('OTLP receiver and session read-back', () => {
  it('stores an OTLP JSON trace and log batch and reads them back by correlation id', async () => {
    const traces = await post('/v1/traces', traceRequest())
    expect(traces.status).toBe(200)
    expect(await traces.json()).toEqual({})
    expect((await post('/v1/logs', logsRequest())).status).toBe(200)

    const body = await session(SESSION_ID)
    expect(body.correlationId).toBe(SESSION_ID)
    expect(body.spans.map((s) => s.spanId)).toEqual([ROOT_SPAN, FETCH_SPAN, SEARCH_SPAN])
    const [root, fetched, search] = body.spans
    expect(root).toMatchObject({
      traceId: TRACE_ID,
      parentSpanId: null,
      name: 'header.plugins.start',
      kind: 1,
      startTimeUnixNano: '1718000000000000000',
      endTimeUnixNano: '1718000000120000000',
      statusCode: 1,
      attributes: { 'header.brand': 'usb2c', 'header.ready': true },
      serviceName: 'one-header-browser',
      scopeName: 'one-header',
      correlationId: SESSION_ID,
    })
    expect(root!.resource['correlation.id']).toBe(SESSION_ID)
    expect(fetched).toMatchObject({ parentSpanId: ROOT_SPAN, kind: 3 })
    expect(fetched!.attributes['http.response.status_code']).toBe(200)
    // Upper-case hex is normalised; a number timestamp keeps what a double can hold.
    expect(search).toMatchObject({ traceId: TRACE_ID, statusCode: 2, statusMessage: 'timeout' })
    expect(search!.startTimeUnixNano).toBe(BigInt(Number('1718000000030000000')).toString())
    expect(search!.attributes).toMatchObject({ 'search.terms': ['dark roast'], 'retry.delay': 1.5 })
    expect(search!.events).toEqual([
      {
        name: 'exception',
        timeUnixNano: '1718000005030000000',
        attributes: { 'exception.message': 'GET /api/search timed out' },
      },
    ])

    // Logs in time order; a record with time 0 takes its observed time.
    expect(body.logs.map((l) => [l.timeUnixNano, l.severityText])).toEqual([
      ['1718000000010000000', 'INFO'],
      ['1718000005031000000', 'ERROR'],
    ])
    expect(body.logs[0]!.body).toBe('header mounted')
    expect(body.logs[1]).toMatchObject({
      severityNumber: 17,
      body: { message: 'GET /api/search timed out', details: { stackTrace: '' } },
      attributes: { logType: 'API_FAILURE_CODE5XX', logCategory: 'HIGH', pluginId: 'search' },
      traceId: TRACE_ID,
      spanId: SEARCH_SPAN,
      correlationId: SESSION_ID,
    })
  })

  it('keeps spans without a correlation id, and does not duplicate a retried batch', async () => {
    await post('/v1/traces', traceRequest())
    const { rows } = await server.db.query<{ name: string; correlation_id: string | null; n: number }>(
      'SELECT name, correlation_id, count(*)::int AS n FROM spans WHERE trace_id IN ($1, $2) GROUP BY 1, 2 ORDER BY 1',
      [TRACE_ID, '0af7651916cd43dd8448eb211c80319c'],
    )
    expect(rows).toEqual([
      { name: 'HTTP GET /api/search', correlation_id: SESSION_ID, n: 1 },
      { name: 'HTTP GET /rest/v2/usb2c/cms/pages', correlation_id: SESSION_ID, n: 1 },
      { name: 'header.plugins.start', correlation_id: SESSION_ID, n: 1 },
      { name: 'header.prefetch', correlation_id: null, n: 1 },
    ])
  })

  it('answers "latest" with the session that sent telemetry last', async () => {
    const other = 'aaaabbbb-cccc-dddd-eeee-ffff00001111-1'
    await post('/v1/logs', logsRequest(other))
    expect((await session('latest')).correlationId).toBe(other)
    const spans = traceRequest(SESSION_ID)
    spans.resourceSpans[0]!.scopeSpans[0]!.spans[0]!.spanId = 'cccccccccccccccc'
    await post('/v1/traces', spans)
    expect((await session('latest')).correlationId).toBe(SESSION_ID)
  })

  it('404 for an unknown session, 400 for a malformed id', async () => {
    expect((await session('0123456789abcdef', 404)).errors![0]!.message).toMatch(/No spans or log records/)
    const bad = await session('bad%20id', 400)
    expect(bad.errors![0]).toMatchObject({ type: 'ValidationError' })
    expect(bad.errors![0]!.message).toMatch(/8 to 100 letters, digits or dashes/)
  })
})

describe('OTLP receiver errors', () => {
  const error = async (res: Response, status: number) => {
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    // The OTLP specification's error body: a google.rpc.Status, nothing else.
    const body = (await res.json()) as { code: number; message: string }
    expect(Object.keys(body).sort()).toEqual(['code', 'message'])
    return body
  }

  it.each([
    ['/v1/traces', { resourceSpans: 'nope' }, /'resourceSpans' must be a list of resource spans/],
    ['/v1/traces', '"spans"', /'\(body\)' must be a JSON object with 'resourceSpans'/],
    ['/v1/traces', logsRequest(), /'resourceSpans' is required.*POST \/v1\/logs/],
    ['/v1/logs', traceRequest(), /'resourceLogs' is required.*POST \/v1\/traces/],
    [
      '/v1/traces',
      {
        resourceSpans: [
          {
            scopeSpans: [
              { spans: [{ ...traceRequest().resourceSpans[0]!.scopeSpans[0]!.spans[1]!, traceId: 'xyz' }] },
            ],
          },
        ],
      },
      /'resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[0\]\.traceId' must be a trace id as 32 hex characters/,
    ],
    [
      '/v1/traces',
      {
        resourceSpans: [
          {
            scopeSpans: [
              {
                spans: [
                  { ...traceRequest().resourceSpans[0]!.scopeSpans[0]!.spans[1]!, startTimeUnixNano: 'soon' },
                ],
              },
            ],
          },
        ],
      },
      /'resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[0\]\.startTimeUnixNano' must be nanoseconds/,
    ],
    [
      '/v1/logs',
      { resourceLogs: [{ scopeLogs: [{ logRecords: [{ severityNumber: 99 }] }] }] },
      /logRecords\[0\]\.severityNumber' must be an integer from 0 to 24/,
    ],
    ['/v1/logs', '{"resourceLogs": [', /not valid JSON/],
  ])('400 ValidationError naming the field (%s, case %#)', async (path, body, message) => {
    const e = await error(await post(path, body), 400)
    expect(e.code).toBe(3) // INVALID_ARGUMENT
    expect(e.message).toMatch(message)
  })

  it('415 for protobuf', async () => {
    const e = await error(await post('/v1/traces', 'binary', 'application/x-protobuf'), 415)
    expect(e.message).toMatch(/application\/json/)
  })

  it('413 JSON for a body over 1 MB, with or without content-length', async () => {
    const big = JSON.stringify({ resourceSpans: [], padding: 'x'.repeat(1024 * 1024) })
    expect((await error(await post('/v1/traces', big), 413)).message).toMatch(/smaller batches/)
    const streamed = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big))
        controller.close()
      },
    })
    const res = await server.app.request('/v1/logs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: streamed,
      duplex: 'half',
    } as RequestInit)
    expect((await error(res, 413)).code).toBe(8) // RESOURCE_EXHAUSTED
  })
})

describe('OTLP receiver and hostile input', () => {
  const spanWith = (name: string, value: unknown) => {
    const request = traceRequest('6f0c2a8e-1b2c-4d3e-8f90-a1b2c3d4e5f6-18f9a2b3c4d')
    const span = request.resourceSpans[0]!.scopeSpans[0]!.spans[0]!
    span.name = name
    span.spanId = 'dddddddddddddddd' // not stored by the tests above
    // Spans of the fixture differ in shape; this one carries attributes (the session's id among them).
    const withAttributes = span as { attributes: unknown[] }
    withAttributes.attributes = [...withAttributes.attributes, { key: 'deep', value }]
    return request
  }

  it('refuses a 1,000-level attribute with 400 and a google.rpc.Status (it overflowed the stack: 500 HTML)', async () => {
    let value: unknown = { stringValue: 'bottom' }
    for (let i = 0; i < 1000; i++) value = { arrayValue: { values: [value] } }
    const res = await post('/v1/traces', spanWith('deep', value))
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    const body = (await res.json()) as { code: number; message: string }
    expect(body.code).toBe(3)
    expect(body.message).toMatch(/deeper than 64 levels/)
  })

  it('keeps a batch whose strings hold a NUL or a lone surrogate, with U+FFFD in their place (it answered 503)', async () => {
    const res = await post('/v1/traces', spanWith('bad\ud800name\u0000', { stringValue: 'x\udfffy' }))
    expect(res.status).toBe(200)
    const stored = await server.app.request(
      '/api/telemetry/sessions/6f0c2a8e-1b2c-4d3e-8f90-a1b2c3d4e5f6-18f9a2b3c4d',
    )
    const body = (await stored.json()) as Session
    expect(stored.status).toBe(200)
    const span = body.spans.find((s) => s.name.startsWith('bad'))
    expect(span?.name).toBe('bad\ufffdname\ufffd')
    expect(span?.attributes.deep).toBe('x\ufffdy')
  })

  it('answers an unknown OTLP path with a google.rpc.Status too', async () => {
    const res = await post('/v1/metrics', {})
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ code: 12, message: expect.stringMatching(/POST \/v1\/traces/) })
  })
})
