// @vitest-environment node
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { SeverityNumber } from '@opentelemetry/api-logs'
import { type ExportResult, ExportResultCode } from '@opentelemetry/core'
import { OTLPLogExporter as ProtobufLogExporter } from '@opentelemetry/exporter-logs-otlp-proto'
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs'
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CORRELATION_ATTRIBUTE } from '../../site/correlationId'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import { printTraces } from './printTraces'
import type { Session } from './sessionTypes'

/**
 * The official OpenTelemetry JS exporters, protobuf and JSON, gzipped or not, against the reference
 * server on a real port: what they send is stored and read back with the read token.
 */

const READ_TOKEN = 'exporters-test-read-token-0123456789'
const INGEST_TOKEN = 'test-ingest-token-exporters-0123456789'

let server: ReferenceServer
let http: ReturnType<typeof serve>
let base = ''
/** What each OTLP request arrived as. */
const received: { path: string; type: string | null; encoding: string | null }[] = []

beforeAll(async () => {
  server = await createServer({
    ...(await testStore()),
    log: false,
    telemetryReadToken: READ_TOKEN,
    telemetryIngestToken: INGEST_TOKEN,
  })
  const app = server.app
  await new Promise<void>((resolve) => {
    http = serve(
      {
        fetch: (request, env) => {
          const path = new URL(request.url).pathname
          if (path.startsWith('/v1/'))
            received.push({
              path,
              type: request.headers.get('content-type'),
              encoding: request.headers.get('content-encoding'),
            })
          return app.fetch(request, env)
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(),
    )
  })
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => http.close(resolve))
  await server.close()
})

async function readSession(correlationId: string): Promise<Session> {
  const res = await fetch(`${base}/api/telemetry/sessions/${correlationId}`, {
    headers: { authorization: `Bearer ${READ_TOKEN}` },
  })
  expect(res.status).toBe(200)
  return (await res.json()) as Session
}

/** The page's resource, as host/telemetry/installTelemetry.ts builds it: the session id on it. */
const pageResource = (correlationId: string) =>
  resourceFromAttributes({
    'service.name': 'one-header',
    [CORRELATION_ATTRIBUTE]: correlationId,
    'one_header.brand': 'usb2c',
  })

/** Two spans of a page (a root and a failed call under it), made with the SDK at set times. */
function pageSpans(correlationId: string) {
  const memory = new InMemorySpanExporter()
  const provider = new TracerProvider({
    resource: pageResource(correlationId),
    spanProcessors: [new SimpleSpanProcessor({ exporter: memory })],
  })
  const tracer = provider.getTracer('one-header', '0.1.0')
  const root = tracer.startSpan('header.start', {
    kind: SpanKind.INTERNAL,
    startTime: [1718000000, 123456789],
    attributes: { 'header.brand': 'usb2c', 'header.plugins': 7 },
  })
  const call = tracer.startSpan(
    'HTTP GET /api/search',
    {
      kind: SpanKind.CLIENT,
      startTime: [1718000000, 200000000],
      attributes: {
        'http.response.status_code': 503,
        'search.terms': ['dark', 'roast'],
        'retry.delay': 1.5,
        'search.cached': false,
      },
    },
    trace.setSpan(context.active(), root),
  )
  call.addEvent('exception', { 'exception.message': 'GET /api/search timed out' }, [1718000000, 900000001])
  call.setStatus({ code: SpanStatusCode.ERROR, message: 'timeout' })
  call.end([1718000001, 5])
  root.end([1718000002, 987654321])
  return { spans: memory.getFinishedSpans(), root: root.spanContext(), call: call.spanContext() }
}

const exportWith = <T>(exporter: { export(items: T, done: (r: ExportResult) => void): void }, items: T) =>
  new Promise<ExportResult>((resolve) => exporter.export(items, resolve))

describe('the official OTLP trace exporters', () => {
  it.each([
    ['protobuf', 'none', 'application/x-protobuf', null],
    ['protobuf', 'gzip', 'application/x-protobuf', 'gzip'],
    ['json', 'none', 'application/json', null],
    ['json', 'gzip', 'application/json', 'gzip'],
  ] as const)(
    '%s with compression %s: spans stored with names, attributes and timings',
    async (encoding, compression, type, sentEncoding) => {
      const correlationId = `a1b2c3d4-${encoding}-${compression}-session`
      const { spans, root, call } = pageSpans(correlationId)
      const Exporter = encoding === 'protobuf' ? ProtobufTraceExporter : JsonTraceExporter
      const exporter = new Exporter({
        url: `${base}/v1/traces`,
        compression: compression as never,
        timeoutMillis: 10_000,
        // An SDK on the server side writes with the ingest token (it has no page to be admitted by).
        headers: { authorization: `Bearer ${INGEST_TOKEN}` },
      })
      const result = await exportWith(exporter, spans)
      await exporter.shutdown()
      expect(result.error?.message).toBeUndefined()
      expect(result.code).toBe(ExportResultCode.SUCCESS)
      expect(received.at(-1)).toEqual({ path: '/v1/traces', type, encoding: sentEncoding })

      const session = await readSession(correlationId)
      expect(session.spans).toHaveLength(2)
      const [first, second] = session.spans
      expect(first).toMatchObject({
        traceId: root.traceId,
        spanId: root.spanId,
        parentSpanId: null,
        name: 'header.start',
        kind: 1,
        startTimeUnixNano: '1718000000123456789',
        endTimeUnixNano: '1718000002987654321',
        statusCode: 0,
        attributes: { 'header.brand': 'usb2c', 'header.plugins': 7 },
        serviceName: 'one-header',
        scopeName: 'one-header',
        correlationId,
      })
      expect(first!.resource).toMatchObject({
        [CORRELATION_ATTRIBUTE]: correlationId,
        'one_header.brand': 'usb2c',
      })
      expect(second).toMatchObject({
        traceId: root.traceId,
        spanId: call.spanId,
        parentSpanId: root.spanId,
        name: 'HTTP GET /api/search',
        kind: 3,
        startTimeUnixNano: '1718000000200000000',
        endTimeUnixNano: '1718000001000000005',
        statusCode: 2,
        statusMessage: 'timeout',
        attributes: {
          'http.response.status_code': 503,
          'search.terms': ['dark', 'roast'],
          'retry.delay': 1.5,
          'search.cached': false,
        },
        correlationId,
      })
      expect(second!.events).toEqual([
        {
          name: 'exception',
          timeUnixNano: '1718000000900000001',
          attributes: { 'exception.message': 'GET /api/search timed out' },
        },
      ])

      // And on-call engineers read them with `npm run traces` (its CLI function, with the token).
      let out = ''
      let err = ''
      const code = await printTraces(
        [correlationId, '--server', base],
        { TELEMETRY_READ_TOKEN: READ_TOKEN },
        {
          fetch,
          out: (text) => {
            out += text
          },
          err: (text) => {
            err += text
          },
        },
      )
      expect(err).toBe('')
      expect(code).toBe(0)
      expect(out).toContain(correlationId)
      expect(out).toMatch(/header\.start[\s\S]*HTTP GET \/api\/search/)
    },
  )
})

describe('the official OTLP protobuf log exporter', () => {
  it.each(['none', 'gzip'])(
    'compression %s: log records stored with their session and span',
    async (compression) => {
      const correlationId = `b1b2c3d4-logs-${compression}-session`
      const { spans, root } = pageSpans(correlationId)
      const memory = new InMemoryLogRecordExporter()
      const provider = new LoggerProvider({
        resource: pageResource(correlationId),
        processors: [new SimpleLogRecordProcessor({ exporter: memory })],
      })
      provider.getLogger('one-header').emit({
        timestamp: [1718000001, 250000000],
        severityNumber: SeverityNumber.ERROR,
        severityText: 'API_FAILURE_CODE5XX',
        body: 'GET /api/search timed out',
        attributes: { [CORRELATION_ATTRIBUTE]: correlationId, pluginId: 'search', attempt: 2 },
        context: trace.setSpanContext(context.active(), root),
      })
      const exporter = new ProtobufLogExporter({
        url: `${base}/v1/logs`,
        compression: compression as never,
        timeoutMillis: 10_000,
        // An SDK on the server side writes with the ingest token (it has no page to be admitted by).
        headers: { authorization: `Bearer ${INGEST_TOKEN}` },
      })
      const result = await exportWith(exporter, memory.getFinishedLogRecords())
      await exporter.shutdown()
      expect(result.error?.message).toBeUndefined()
      expect(result.code).toBe(ExportResultCode.SUCCESS)
      expect(received.at(-1)).toEqual({
        path: '/v1/logs',
        type: 'application/x-protobuf',
        encoding: compression === 'gzip' ? 'gzip' : null,
      })
      expect(spans).toHaveLength(2) // not exported: the session holds the log record alone

      const session = await readSession(correlationId)
      expect(session.spans).toEqual([])
      expect(session.logs).toHaveLength(1)
      expect(session.logs[0]).toMatchObject({
        timeUnixNano: '1718000001250000000',
        severityNumber: 17,
        severityText: 'API_FAILURE_CODE5XX',
        body: 'GET /api/search timed out',
        attributes: { pluginId: 'search', attempt: 2 },
        traceId: root.traceId,
        spanId: root.spanId,
        serviceName: 'one-header',
        correlationId,
      })
    },
  )
})
