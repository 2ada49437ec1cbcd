// @vitest-environment node
import { gzipSync } from 'node:zlib'
import { Writer } from 'protobufjs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../app'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import {
  FETCH_SPAN,
  logsRequest,
  ROOT_SPAN,
  SEARCH_SPAN,
  SESSION_ID,
  storedRoot,
  TRACE_ID,
  traceRequest,
} from './otlpFixtures'
import { decodeStatus, encodeOtlpRequest, otlpTypes } from './otlpProtobuf'
import type { Session } from './sessionTypes'
import { OTLP_MAX_BYTES, PROTOBUF_CONTENT_TYPE } from './telemetryRoutes'

const READ_TOKEN = 'test-read-token-0123456789abcdef'
const AUTH = { authorization: `Bearer ${READ_TOKEN}` }
/** These tests write as a collector on the server side does (browserTelemetry.test.ts: as a page). */
const INGEST_TOKEN = 'test-ingest-token-0123456789abcdef'
const INGEST = { authorization: `Bearer ${INGEST_TOKEN}` }

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({
    ...(await testStore()),
    log: false,
    telemetryReadToken: READ_TOKEN,
    telemetryIngestToken: INGEST_TOKEN,
  })
})
afterAll(() => server.close())

const post = (path: string, body: unknown, type = 'application/json') =>
  server.app.request(path, {
    method: 'POST',
    headers: { 'content-type': type, ...INGEST },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const session = async (id: string, status = 200) => {
  const res = await server.app.request(`/api/telemetry/sessions/${id}`, { headers: AUTH })
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
      ...storedRoot(TRACE_ID),
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

  it('415 for a content type other than JSON or protobuf, naming both', async () => {
    const e = await error(await post('/v1/traces', 'spans', 'text/plain'), 415)
    expect(e.code).toBe(3)
    expect(e.message).toMatch(/application\/x-protobuf or application\/json, not 'text\/plain'/)
  })

  it('415 for a content encoding other than gzip, naming it', async () => {
    const res = await server.app.request('/v1/traces', {
      method: 'POST',
      headers: { ...INGEST, 'content-type': 'application/json', 'content-encoding': 'br' },
      body: JSON.stringify(traceRequest()),
    })
    expect((await error(res, 415)).message).toMatch(/Content-Encoding 'br' is not supported.*gzip/)
  })

  it('reads a Content-Encoding list: identity changes nothing, one gzip is unzipped, two are refused', async () => {
    const body = JSON.stringify(traceRequest())
    for (const coding of ['gzip, identity', 'identity,gzip', ' GZIP ']) {
      const res = await server.app.request('/v1/traces', {
        method: 'POST',
        headers: { ...INGEST, 'content-type': 'application/json', 'content-encoding': coding },
        body: new Uint8Array(gzipSync(body)),
      })
      expect(res.status, coding).toBe(200)
    }
    const plain = await server.app.request('/v1/traces', {
      method: 'POST',
      headers: { ...INGEST, 'content-type': 'application/json', 'content-encoding': 'identity, identity' },
      body,
    })
    expect(plain.status).toBe(200)
    const twice = await server.app.request('/v1/traces', {
      method: 'POST',
      headers: { ...INGEST, 'content-type': 'application/json', 'content-encoding': 'gzip, gzip' },
      body: new Uint8Array(gzipSync(gzipSync(body))),
    })
    expect((await error(twice, 415)).message).toMatch(/Content-Encoding 'gzip, gzip' is not supported/)
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
      headers: { 'content-type': 'application/json', ...INGEST },
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
      { headers: AUTH },
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

describe('OTLP receiver: protobuf and gzip', () => {
  const send = (path: string, body: Uint8Array | string, headers: Record<string, string>) =>
    server.app.request(path, {
      method: 'POST',
      headers: { ...INGEST, ...headers },
      body: body as RequestInit['body'],
    })
  const PROTOBUF = { 'content-type': PROTOBUF_CONTENT_TYPE }
  const GZIP = { 'content-encoding': 'gzip' }
  /** A protobuf error: a google.rpc.Status in the protobuf encoding, nothing else. */
  const protobufError = async (res: Response, status: number) => {
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toBe(PROTOBUF_CONTENT_TYPE)
    return decodeStatus(new Uint8Array(await res.arrayBuffer()))
  }

  it.each([
    ['protobuf', PROTOBUF_CONTENT_TYPE, false, '1'],
    ['protobuf, gzipped', PROTOBUF_CONTENT_TYPE, true, '2'],
    ['JSON, gzipped', 'application/json', true, '3'],
  ])('stores a trace and log batch sent as %s, like the JSON one', async (_, type, gzip, n) => {
    const id = `0b0c2a8e-1b2c-4d3e-8f90-a1b2c3d4e5f${n}-18f9a2b3c4d`
    const traceId = n.repeat(32)
    const encode = (signal: 'traces' | 'logs', json: unknown) => {
      const raw =
        type === PROTOBUF_CONTENT_TYPE
          ? encodeOtlpRequest(signal, json)
          : new TextEncoder().encode(JSON.stringify(json))
      return gzip ? new Uint8Array(gzipSync(raw)) : raw
    }
    const headers = { 'content-type': type, ...(gzip ? GZIP : {}) }
    const spans = traceRequest(id)
    for (const span of spans.resourceSpans[0]!.scopeSpans[0]!.spans) span.traceId = traceId
    const traces = await send('/v1/traces', encode('traces', spans), headers)
    expect(traces.status).toBe(200)
    const logs = await send('/v1/logs', encode('logs', logsRequest(id)), headers)
    expect(logs.status).toBe(200)
    if (type === PROTOBUF_CONTENT_TYPE) {
      // An empty Export…ServiceResponse, protobuf-encoded.
      expect(traces.headers.get('content-type')).toBe(PROTOBUF_CONTENT_TYPE)
      expect((await traces.arrayBuffer()).byteLength).toBe(0)
    } else expect(await traces.json()).toEqual({})

    const body = await session(id)
    expect(body.spans.map((s) => s.spanId)).toEqual([ROOT_SPAN, FETCH_SPAN, SEARCH_SPAN])
    expect(body.spans[0]).toMatchObject({ ...storedRoot(traceId), correlationId: id })
    expect(body.spans[1]!.attributes['http.response.status_code']).toBe(200)
    expect(body.spans[2]!.attributes).toMatchObject({ 'search.terms': ['dark roast'], 'retry.delay': 1.5 })
    expect(body.spans[2]!.events[0]).toMatchObject({ name: 'exception', timeUnixNano: '1718000005030000000' })
    expect(body.logs.map((l) => [l.timeUnixNano, l.severityText, l.spanId])).toEqual([
      ['1718000000010000000', 'INFO', null],
      ['1718000005031000000', 'ERROR', SEARCH_SPAN],
    ])
    expect(body.logs[1]!.body).toEqual({
      message: 'GET /api/search timed out',
      logType: 'API_FAILURE_CODE5XX',
      details: { stackTrace: '' },
    })
  })

  it('answers a protobuf body that is not an export request with 400 and a protobuf google.rpc.Status', async () => {
    const status = await protobufError(await send('/v1/traces', 'binary', PROTOBUF), 400)
    expect(status.code).toBe(3)
    expect(status.message).toMatch(/not a protobuf ExportTraceServiceRequest/)
  })

  it.each(['traces', 'logs'])(
    'answers a known field sent with the wrong wire type on /v1/%s with 400, not a 200 that stores nothing',
    async (signal) => {
      // Field 1 (resourceSpans / resourceLogs) holding field 1 (resource) as a varint, not a message.
      const res = await send(`/v1/${signal}`, new Uint8Array([0x0a, 0x02, 0x08, 0x01]), PROTOBUF)
      const status = await protobufError(res, 400)
      expect(status.code).toBe(3)
      expect(status.message).toMatch(/field 1 \('resource'\) .* wire type 0 \(varint\).* wire type 2/)
    },
  )

  it('keeps accepting a field number OTLP does not know yet (a newer sender), whatever its wire type', async () => {
    const id = '0e0c2a8e-1b2c-4d3e-8f90-a1b2c3d4e5f6-18f9a2b3c4d'
    const spans = traceRequest(id)
    for (const span of spans.resourceSpans[0]!.scopeSpans[0]!.spans) span.traceId = '9'.repeat(32)
    const known = encodeOtlpRequest('traces', spans)
    // Field 99 as a varint, 1, after the known fields.
    const res = await send('/v1/traces', new Uint8Array([...known, 0x98, 0x06, 0x01]), PROTOBUF)
    expect(res.status).toBe(200)
    expect((await session(id)).spans).toHaveLength(3)
  })

  it('names the field of a protobuf request the schema refuses (a 3-byte trace id)', async () => {
    const spans = traceRequest()
    spans.resourceSpans[0]!.scopeSpans[0]!.spans[0]!.traceId = 'abcdef'
    const status = await protobufError(
      await send('/v1/traces', encodeOtlpRequest('traces', spans), PROTOBUF),
      400,
    )
    expect(status.message).toMatch(
      /Not an OTLP protobuf request: 'resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[0\]\.traceId' must be a trace id/,
    )
  })

  it('answers every other /v1 error to a protobuf sender in protobuf too (unknown path, bad gzip)', async () => {
    expect((await protobufError(await send('/v1/metrics', '', PROTOBUF), 404)).code).toBe(12)
    const bad = await protobufError(await send('/v1/logs', 'not gzip', { ...PROTOBUF, ...GZIP }), 400)
    expect(bad).toMatchObject({ code: 3, message: expect.stringMatching(/not valid gzip/) })
  })

  it('refuses a gzip bomb with 413 once the inflated size passes the limit, in the request encoding', async () => {
    const bomb = new Uint8Array(gzipSync(new Uint8Array(64 * 1024 * 1024)))
    expect(bomb.length).toBeLessThan(100_000)
    const asJson = await send('/v1/traces', bomb, { 'content-type': 'application/json', ...GZIP })
    expect(asJson.status).toBe(413)
    expect(await asJson.json()).toEqual({
      code: 8,
      message: expect.stringMatching(/over 1048576 bytes once gunzipped/),
    })
    const asProtobuf = await protobufError(await send('/v1/logs', bomb, { ...PROTOBUF, ...GZIP }), 413)
    expect(asProtobuf.code).toBe(8)
  })

  it('refuses a small body that inflates to half a million empty items with 413, before converting it', async () => {
    // One resourceSpans > one scopeSpans > 520,000 empty spans (field 2, length 0): 1 KB gzipped.
    const spans = new Uint8Array(520_000 * 2)
    for (let i = 0; i < spans.length; i += 2) spans[i] = 0x12
    // `spans` is already a ScopeSpans body (each 0x12 0x00 is one empty span in its field 2).
    const body = lengthDelimited(1, lengthDelimited(2, spans))
    const bomb = new Uint8Array(gzipSync(body))
    expect(bomb.length).toBeLessThan(2_000)
    // Refused before the conversion (which would give each empty span all its fields): watched on
    // the conversion itself, not on a clock a busy machine slows. An ordinary export converts first,
    // which proves the watch sees conversions.
    const ok = await send('/v1/traces', encodeOtlpRequest('traces', traceRequest()), PROTOBUF)
    expect(ok.status).toBe(200)
    const toObject = vi.spyOn(otlpTypes().traceRequest, 'toObject')
    try {
      await send('/v1/traces', encodeOtlpRequest('traces', traceRequest()), PROTOBUF)
      expect(toObject).toHaveBeenCalledTimes(1)
      const status = await protobufError(await send('/v1/traces', bomb, { ...PROTOBUF, ...GZIP }), 413)
      expect(status.message).toMatch(/more than 100000 values once decoded/)
      expect(toObject).toHaveBeenCalledTimes(1)
    } finally {
      toObject.mockRestore()
    }

    const json = gzipSync(
      JSON.stringify({
        resourceLogs: [{ scopeLogs: [{ logRecords: Array.from({ length: 150_000 }, () => ({})) }] }],
      }),
    )
    const asJson = await send('/v1/logs', new Uint8Array(json), {
      'content-type': 'application/json',
      ...GZIP,
    })
    expect(asJson.status).toBe(413)
    expect(await asJson.json()).toEqual({ code: 8, message: expect.stringMatching(/smaller batches/) })
  })

  it('keeps the body limit on the bytes as sent: 413 for a large protobuf body', async () => {
    const status = await protobufError(
      await send('/v1/traces', new Uint8Array(OTLP_MAX_BYTES + 1), PROTOBUF),
      413,
    )
    expect(status).toMatchObject({ code: 8, message: expect.stringMatching(/smaller batches/) })
  })

  it('bounds the depth and cleans NUL and lone surrogates in protobuf bodies as in JSON ones', async () => {
    const id = '7f0c2a8e-1b2c-4d3e-8f90-a1b2c3d4e5f6-18f9a2b3c4d'
    const spans = traceRequest(id)
    const span = spans.resourceSpans[0]!.scopeSpans[0]!.spans[0]! as {
      name: string
      spanId: string
      attributes: unknown[]
    }
    span.name = 'proto\u0000name'
    span.spanId = 'eeeeeeeeeeeeeeee'
    span.attributes = [...span.attributes, { key: 'lone', value: { stringValue: 'x\ud800y' } }]
    expect((await send('/v1/traces', encodeOtlpRequest('traces', spans), PROTOBUF)).status).toBe(200)
    const stored = (await session(id)).spans.find((s) => s.spanId === 'eeeeeeeeeeeeeeee')
    expect(stored?.name).toBe('proto\ufffdname')
    expect(stored?.attributes.lone).toMatch(/^x\ufffd+y$/)

    // Deeper than 64 JSON levels, within protobufjs' own limit: the same walk as JSON refuses it.
    let value: unknown = { stringValue: 'bottom' }
    for (let i = 0; i < 30; i++) value = { arrayValue: { values: [value] } }
    span.attributes = [{ key: 'deep', value }]
    const deep = await protobufError(
      await send('/v1/traces', encodeOtlpRequest('traces', spans), PROTOBUF),
      400,
    )
    expect(deep).toMatchObject({ code: 3, message: expect.stringMatching(/deeper than 64 levels/) })

    // 1,000 levels, written field by field (protobufjs will not encode it): its decoder's limit says so.
    const field = (n: number, bytes: Uint8Array) =>
      Writer.create()
        .uint32((n << 3) | 2)
        .bytes(bytes)
        .finish()
    let any = Writer.create()
      .uint32((1 << 3) | 2)
      .string('bottom')
      .finish()
    for (let i = 0; i < 1000; i++) any = field(5, field(1, any)) // AnyValue.array_value → ArrayValue.values
    const keyValue = Writer.create()
      .uint32((1 << 3) | 2)
      .string('deep')
      .uint32((2 << 3) | 2)
      .bytes(any)
      .finish()
    const ids = Writer.create()
      .uint32((1 << 3) | 2)
      .bytes(Buffer.from(TRACE_ID, 'hex'))
      .uint32((2 << 3) | 2)
      .bytes(Buffer.from('ffffffffffffffff', 'hex'))
      .finish()
    const spanBytes = new Uint8Array([...ids, ...field(9, keyValue)])
    const request = field(1, field(2, field(2, spanBytes))) // request → ResourceSpans → ScopeSpans → Span
    const deeper = await protobufError(await send('/v1/traces', request, PROTOBUF), 400)
    expect(deeper).toMatchObject({ code: 3, message: expect.stringMatching(/deeper than 64 levels/) })
  })
})

describe('reading telemetry needs the read token', () => {
  const read = (path: string, headers: Record<string, string> = {}) =>
    server.app.request(`/api/telemetry/sessions/${path}`, { headers })

  it.each([
    ['no Authorization header', {}, 'Bearer realm="one-header telemetry"', /needs a token/],
    [
      'a wrong token',
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      'Bearer realm="one-header telemetry", error="invalid_token"',
      /not this server's/,
    ],
    [
      'a prefix of the token',
      { authorization: `Bearer ${READ_TOKEN.slice(0, -1)}` },
      'Bearer realm="one-header telemetry", error="invalid_token"',
      /not this server's/,
    ],
    [
      'another scheme',
      { authorization: `Basic ${READ_TOKEN}` },
      'Bearer realm="one-header telemetry"',
      /needs a token/,
    ],
  ])('401 with WWW-Authenticate for %s, on every read route', async (_, headers, challenge, message) => {
    for (const path of ['latest', SESSION_ID, 'bad%20id']) {
      const res = await read(path, headers)
      expect(res.status, path).toBe(401)
      expect(res.headers.get('www-authenticate')).toBe(challenge)
      expect(res.headers.get('cache-control')).toBe('no-store')
      const body = (await res.json()) as { errors: { type: string; message: string }[] }
      expect(body.errors[0]!.type).toBe('UnauthorizedError')
      expect(body.errors[0]!.message).toMatch(message)
      expect(body.errors[0]!.message).toMatch(/Authorization: Bearer/)
      expect(JSON.stringify(body)).not.toContain(READ_TOKEN)
    }
  })

  it('answers with the token (any case of "Bearer"), while sending OTLP needs none', async () => {
    expect((await post('/v1/logs', logsRequest())).status).toBe(200)
    expect((await read(SESSION_ID, AUTH)).status).toBe(200)
    expect((await read('latest', { authorization: `bearer ${READ_TOKEN}` })).status).toBe(200)
  })

  it('403 on a server started without a token: nothing can read', async () => {
    const closed = createApp({ store: server.db, log: false })
    const res = await closed.request(`/api/telemetry/sessions/latest`, { headers: AUTH })
    expect(res.status).toBe(403)
    expect(((await res.json()) as { errors: { type: string }[] }).errors[0]!.type).toBe('ForbiddenError')
  })
})

/** A protobuf length-delimited field: tag (field << 3 | 2), varint length, bytes. */
function lengthDelimited(field: number, bytes: Uint8Array): Uint8Array {
  const length: number[] = []
  let n = bytes.length
  while (n > 0x7f) {
    length.push((n & 0x7f) | 0x80)
    n >>>= 7
  }
  length.push(n)
  return Uint8Array.from([(field << 3) | 2, ...length, ...bytes])
}
