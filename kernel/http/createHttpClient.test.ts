// @vitest-environment node

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SpanKind } from '@opentelemetry/api'
import fc from 'fast-check'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addressOf, createHttpClient } from './createHttpClient'
import type { HttpError } from './httpError'
import type { TokenPort } from './tokenPort'

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void
let handler: Handler
let server: Server
let origin: string
const seen: { url: string; headers: IncomingMessage['headers']; body: string; method: string }[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body, method: req.method ?? '' })
      handler(req, res, body)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
beforeEach(() => {
  seen.length = 0
})

const json = (res: ServerResponse, status: number, data: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(data))
}
const Thing = v.object({ name: v.string() })

function client(extra: Partial<Parameters<typeof createHttpClient>[0]> = {}) {
  const failures: HttpError[] = []
  const http = createHttpClient({
    brand: 'cab2c',
    origin,
    correlationId: () => 'cid-123',
    readCookie: (n) => ({ SESSION: 'sess-1', utag_main: 'v_id:abc$_s:1' })[n],
    onFailure: (e) => failures.push(e),
    ...extra,
  })
  return { http, failures }
}

describe('http client', () => {
  it('prefixes rest/v2/{brand}, sends correlation id, brand agent, JSON type and forwarded cookies', async () => {
    handler = (_q, res) => json(res, 200, { name: 'pods' })
    const { http } = client()
    const result = await http.request({ path: 'cms/siteConfig', query: { lang: 'fr' }, schema: Thing })
    expect(result).toEqual({ ok: true, data: { name: 'pods' }, status: 200 })
    expect(seen[0]?.url).toBe('/rest/v2/cab2c/cms/siteConfig?lang=fr')
    expect(seen[0]?.headers).toMatchObject({
      'x-correlation-id': 'cid-123',
      'x-brand-agent': 'one-header/cab2c',
      'content-type': 'application/json',
      'x-session': 'sess-1',
      'x-utag-main': 'v_id:abc$_s:1',
    })
  })

  it('sends the content headers (the visitor’s segment codes) with content calls only', async () => {
    handler = (_q, res) => json(res, 200, { name: 'ok' })
    const { http } = client({ contentHeaders: { segmentCodes: 'KnownUser~Purchaser' } })
    await http.request({ path: 'cms/pages', query: { pageLabelOrId: 'oneHeader' }, schema: Thing })
    await http.request({ path: 'cms/components', query: { componentIds: 'A' }, schema: Thing })
    await http.request({ path: 'users/current/customerdetails', schema: Thing })
    await http.request({ path: '/cms/not-rest', schema: Thing })
    expect(seen.map((s) => s.headers.segmentcodes)).toEqual([
      'KnownUser~Purchaser',
      'KnownUser~Purchaser',
      undefined,
      undefined,
    ])
  })

  it('uses the site root for paths starting with a slash, and form encoding when asked', async () => {
    handler = (_q, res) => json(res, 200, { name: 'ok' })
    const { http } = client()
    await http.request({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: 'a@b.co', n: 1 },
      form: true,
      schema: Thing,
    })
    expect(seen[0]?.url).toBe('/api/auth/login')
    expect(seen[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(seen[0]?.body).toBe('email=a%40b.co&n=1')
  })

  it('a wrong-shaped body is a decode error value, never a throw', async () => {
    handler = (_q, res) => json(res, 200, { name: 42 })
    const { http, failures } = client()
    const result = await http.request({ path: 'x', schema: Thing })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.class).toBe('decode')
      expect(result.error.message).toContain('name')
      expect(result.error.correlationId).toBe('cid-123')
    }
    expect(failures).toHaveLength(1)
  })

  it('classifies 4xx and 5xx; 400 gives parsed JSON, others raw text; wraps with status on request', async () => {
    handler = (_q, res) => json(res, 400, { errors: [{ type: 'ValidationError', message: 'lang' }] })
    const { http } = client()
    const r400 = await http.request({ path: 'x', schema: Thing })
    expect(!r400.ok && r400.error).toMatchObject({
      class: '4xx',
      status: 400,
      payload: { errors: [{ type: 'ValidationError', message: 'lang' }] },
    })
    handler = (_q, res) => json(res, 503, { down: true })
    const r503 = await http.request({ path: 'x', schema: Thing, wrapError: true })
    expect(!r503.ok && r503.error).toMatchObject({
      class: '5xx',
      status: 503,
      payload: { status: 503, body: '{"down":true}' },
    })
    handler = (_q, res) => json(res, 404, {})
    const r404 = await http.request({ path: 'x', schema: Thing })
    expect(!r404.ok && r404.error.payload).toBe('{}')
  })

  it('times out after the configured time', async () => {
    handler = (_q, res) => setTimeout(() => json(res, 200, { name: 'late' }), 400)
    const { http } = client({ timeoutMs: 100 })
    const started = Date.now()
    const result = await http.request({ path: 'slow', schema: Thing })
    expect(!result.ok && result.error.class).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(380)
  })

  it('defaults to a 5000 ms timeout', async () => {
    const { DEFAULT_TIMEOUT_MS } = await import('./createHttpClient')
    expect(DEFAULT_TIMEOUT_MS).toBe(5000)
  })

  it('retries once on any failure when flagged, and not otherwise', async () => {
    let n = 0
    handler = (_q, res) => (++n === 1 ? json(res, 500, {}) : json(res, 200, { name: 'second' }))
    const { http } = client()
    const result = await http.request({ path: 'x', schema: Thing, retryOnce: true })
    expect(result.ok && result.data.name).toBe('second')
    expect(seen).toHaveLength(2)
    seen.length = 0
    n = 0
    const plain = await http.request({ path: 'x', schema: Thing })
    expect(plain.ok).toBe(false)
    expect(seen).toHaveLength(1)
  })

  it('on 401 with refresh flag: drops the token, refreshes once, retries once with the new token', async () => {
    let token = 'old'
    const log: string[] = []
    const port: TokenPort = {
      accessToken: () => token,
      whenIdle: async () => void log.push('idle'),
      dropAccessToken: () => void log.push('drop'),
      refresh: async () => {
        log.push('refresh')
        token = 'new'
      },
    }
    handler = (req, res) =>
      req.headers.authorization === 'Bearer new' ? json(res, 200, { name: 'me' }) : json(res, 401, {})
    const { http } = client()
    http.installTokenPort(port)
    const result = await http.request({
      path: 'users/current',
      schema: Thing,
      bearer: true,
      refreshOn401: true,
    })
    expect(result.ok && result.data.name).toBe('me')
    expect(log).toEqual(['idle', 'drop', 'refresh', 'idle'])
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new'])
  })

  it('a 401 without the flag, or with a failing refresh, is returned as a 4xx error', async () => {
    handler = (_q, res) => json(res, 401, {})
    const { http } = client()
    http.installTokenPort({
      accessToken: () => 't',
      whenIdle: async () => {},
      dropAccessToken: () => {},
      refresh: () => Promise.reject(new Error('invalid_grant')),
    })
    const r = await http.request({ path: 'x', schema: Thing, bearer: true, refreshOn401: true })
    expect(!r.ok && r.error.status).toBe(401)
    expect(seen).toHaveLength(1)
  })

  it('adds header providers to rest calls only (agent headers)', async () => {
    handler = (_q, res) => json(res, 200, { name: 'x' })
    const { http } = client()
    const off = http.addHeaderProvider(() => ({ customerId: 'c1', csAgentId: 'agent7' }))
    await http.request({ path: 'x', schema: Thing })
    await http.request({ path: '/api/auth/nobo', schema: Thing })
    off()
    await http.request({ path: 'x', schema: Thing })
    expect(seen.map((s) => s.headers.csagentid)).toEqual(['agent7', undefined, undefined])
  })

  it('a cancelled call is an aborted value: not retried, not reported as a failure', async () => {
    handler = (_q, res) => setTimeout(() => json(res, 200, { name: 'late' }), 300)
    const { http, failures } = client()
    const controller = new AbortController()
    const pending = http.request({ path: 'slow', schema: Thing, retryOnce: true, signal: controller.signal })
    setTimeout(() => controller.abort(), 30)
    const result = await pending
    expect(!result.ok && result.error.class).toBe('aborted')
    expect(failures).toEqual([])
    expect(seen).toHaveLength(1)
  })

  it('a network failure is an error value', async () => {
    const http = createHttpClient({ brand: 'usb2c', origin: 'http://127.0.0.1:9', correlationId: () => 'c' })
    const r = await http.request({ path: 'x', schema: Thing })
    expect(!r.ok && ['network', 'timeout']).toContain(!r.ok && r.error.class)
  })

  it('property: any status and body becomes an HttpResult, never a throw', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 200, max: 599 }), fc.string(), async (status, body) => {
        handler = (_q, res) => {
          res.writeHead(status === 204 || status === 304 ? 200 : status)
          res.end(body)
        }
        const { http } = client()
        const r = await http.request({ path: 'p', schema: Thing })
        expect(typeof r.ok).toBe('boolean')
      }),
      { numRuns: 40 },
    )
  })
})

describe('trace propagation', () => {
  const tracer = {
    startActiveSpan: (_n: string, _o: unknown, fn: (span: unknown) => unknown) =>
      fn({
        isRecording: () => true,
        spanContext: () => ({ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 1 }),
        setAttribute: () => {},
        setStatus: () => {},
        recordException: () => {},
        end: () => {},
      }),
  }

  it('sends traceparent to the store’s own API origins only, never to others', async () => {
    const { installTracer, resetTracerForTests } = await import('../telemetry/spans')
    installTracer(tracer as never)
    try {
      handler = (_q, res) => json(res, 200, { name: 'x' })
      await client({ traceOrigins: [origin] }).http.request({ path: 'x', schema: Thing })
      await client({ traceOrigins: ['https://api.brewco.example'] }).http.request({
        path: 'x',
        schema: Thing,
      })
      expect(seen.map((s) => s.headers.traceparent)).toEqual([
        `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`,
        undefined,
      ])
    } finally {
      resetTracerForTests()
    }
  })

  it('before the SDK arrives, sends the traceparent of the buffered span (own origins only), which the replay keeps', async () => {
    const { resetTracerForTests, takeBufferedSpans } = await import('../telemetry/spans')
    resetTracerForTests()
    handler = (_q, res) => json(res, 200, { name: 'x' })
    await client({ traceOrigins: [origin] }).http.request({ path: 'x', schema: Thing })
    await client({ traceOrigins: ['https://api.brewco.example'] }).http.request({ path: 'x', schema: Thing })
    const [own, other] = takeBufferedSpans().spans
    expect(seen[0]?.headers.traceparent).toBe(`00-${own?.traceId}-${own?.spanId}-01`)
    expect(other?.name).toBe('HTTP GET x')
    expect(seen[1]?.headers.traceparent).toBeUndefined()
  })

  it('records each call as a client span, an error when answered 4xx or 5xx (OpenTelemetry HTTP conventions)', async () => {
    const { resetTracerForTests, takeBufferedSpans } = await import('../telemetry/spans')
    resetTracerForTests()
    for (const status of [200, 401, 503]) {
      handler = (_q, res) => json(res, status, { name: 'x' })
      await client().http.request({ path: `s${status}`, schema: Thing })
    }
    const spans = takeBufferedSpans().spans.map((s) => ({ name: s.name, kind: s.kind, status: s.status }))
    expect(spans).toEqual([
      { name: 'HTTP GET s200', kind: SpanKind.CLIENT, status: undefined },
      { name: 'HTTP GET s401', kind: SpanKind.CLIENT, status: { code: 2, message: 'HTTP 401' } },
      { name: 'HTTP GET s503', kind: SpanKind.CLIENT, status: { code: 2, message: 'HTTP 503' } },
    ])
  })
})

describe('answers the page already had (preloaded start-up calls)', () => {
  it('writes an address as the page preloads it: the query in order, undefined left out, commas kept', () => {
    expect(addressOf('/rest/v2/usb2c/cms/components', { componentIds: 'A,B', pageSize: 2, lang: 'en' })).toBe(
      '/rest/v2/usb2c/cms/components?componentIds=A,B&pageSize=2&lang=en',
    )
    expect(addressOf('/rest/v2/usb2c/cms/pages', { lang: 'fr', cmsTicketId: undefined })).toBe(
      '/rest/v2/usb2c/cms/pages?lang=fr',
    )
    expect(addressOf('/x', { q: 'a b&c' })).toBe('/x?q=a%20b%26c')
  })

  it('takes a claimed answer once instead of asking again, decoded as usual, its span dated to the page’s call', async () => {
    const { resetTracerForTests, takeBufferedSpans } = await import('../telemetry/spans')
    resetTracerForTests()
    handler = (_q, res) => json(res, 200, { name: 'from the network' })
    const asked: string[] = []
    let claimed = false
    const { http } = client({
      takeEarly: (address) => {
        asked.push(address)
        if (claimed || address !== `${origin}/rest/v2/cab2c/cms/x?lang=en`) return undefined
        claimed = true
        return {
          answer: Promise.resolve({ status: 200, text: '{"name":"preloaded"}', startTime: 10, endTime: 42 }),
        }
      },
    })
    const first = await http.request({ path: 'cms/x', query: { lang: 'en' }, schema: Thing })
    expect(first).toEqual({ ok: true, data: { name: 'preloaded' }, status: 200 })
    expect(seen).toHaveLength(0)
    const [span] = takeBufferedSpans().spans
    expect(span).toMatchObject({ name: 'HTTP GET cms/x', startTime: 10, endTime: 42 })
    expect(span?.attributes['http.response.status_code']).toBe(200)
    // Handed out once: the same call again goes to the network.
    const second = await http.request({ path: 'cms/x', query: { lang: 'en' }, schema: Thing })
    expect(second).toMatchObject({ ok: true, data: { name: 'from the network' } })
    expect(seen).toHaveLength(1)
    // Bearer calls and calls with a body never take an early answer.
    await http.request({ path: 'cms/x', bearer: true, schema: Thing })
    await http.request({ path: 'cms/x', method: 'POST', body: {}, schema: Thing })
    expect(asked).toHaveLength(2)
  })

  it('a claimed answer of the wrong shape, a 500 or a time-out is the usual error value, retried when flagged', async () => {
    handler = (_q, res) => json(res, 200, { name: 'retried' })
    const answers = [
      { status: 200, text: '{"nom":1}', startTime: 0, endTime: 1 },
      { status: 500, text: 'boom', startTime: 0, endTime: 1 },
    ]
    for (const [expected, answerOf] of [
      ['decode', () => Promise.resolve(answers[0]!)],
      ['5xx', () => Promise.resolve(answers[1]!)],
      [
        'timeout',
        () => Promise.reject(Object.assign(new Error('signal timed out'), { name: 'TimeoutError' })),
      ],
    ] as const) {
      const answer = answerOf()
      answer.catch(() => {})
      let once = true
      const { http, failures } = client({
        takeEarly: () => {
          if (!once) return undefined
          once = false
          return { answer }
        },
      })
      const result = await http.request({ path: 'cms/x', schema: Thing })
      expect(result.ok ? 'ok' : result.error.class).toBe(expected)
      expect(failures.map((f) => f.class)).toEqual([expected])
      once = true
      const retried = await http.request({ path: 'cms/x', schema: Thing, retryOnce: true })
      expect(retried).toMatchObject({ ok: true, data: { name: 'retried' } })
    }
  })
})
