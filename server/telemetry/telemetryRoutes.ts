import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { isUsableCorrelationId } from '../../site/correlationId'
import type { Database } from '../db/database'
import { ApiError, validationError } from '../http/apiError'
import type { ErrorLogger } from '../http/errorHandling'
import { limitBody } from '../http/limitBody'
import { otlpStatus } from '../http/otlpStatus'
import {
  BROWSER_MAX_BYTES,
  type BrowserLimits,
  type TelemetrySender,
  telemetrySenders,
} from './browserTelemetry'
import { measureOtlp, OTLP_MAX_DEPTH, tooManyNodesMessage } from './otlpBudget'
import {
  decodeOtlpProtobuf,
  encodeOtlpResponse,
  encodeStatus,
  OtlpProtobufError,
  type OtlpSignal,
} from './otlpProtobuf'
import { describeIssues, LogsRequestSchema, TraceRequestSchema } from './otlpSchemas'
import { requireReadToken } from './readToken'
import { latestCorrelationId, readSession } from './sessionQueries'
import {
  insertLogs,
  insertSpans,
  type LogRow,
  logRowsFrom,
  type SpanRow,
  spanRowsFrom,
} from './storeTelemetry'

const gunzipAsync = promisify(gunzip)

/** Largest OTLP body accepted, as sent and once gunzipped; the browser exporters send far smaller batches. */
export const OTLP_MAX_BYTES = 1024 * 1024

/** OTLP/HTTP's binary encoding. */
export const PROTOBUF_CONTENT_TYPE = 'application/x-protobuf'

/** The browser's real-user measures span (host/telemetry/realUserMeasures.ts), counted by migration 0024. */
const MEASURES_SPAN_NAME = 'header.measures'

/** Where monitoring staff read a session back. */
export const SESSIONS_PATH = '/api/telemetry/sessions'

/** The decoded body's bounds (depth, size), kept with the OTLP walker. */

const tooLargeMessage = (when = '', maxBytes = OTLP_MAX_BYTES) =>
  `OTLP body over ${maxBytes} bytes${when}. Export smaller batches (the batch processor's maxExportBatchSize).`

const tooLarge = (c: Context) => c.json(otlpStatus(413, tooLargeMessage()), 413)

const JSON_TYPE = /^application\/json\s*(;|$)/i
const PROTOBUF_TYPE = /^application\/x-protobuf\s*(;|$)/i

/** Whether the request is OTLP's binary encoding, so answers go back in it too. */
const isProtobufRequest = (c: Context) => PROTOBUF_TYPE.test(c.req.header('content-type') ?? '')

/**
 * The body as sent, gunzipped when `Content-Encoding: gzip`. The decompressed size is bounded like
 * the sent one: inflating stops at OTLP_MAX_BYTES (a small gzip bomb answers 413, never fills memory).
 */
async function bodyBytes(c: Context, count: (bytes: number) => void): Promise<Uint8Array> {
  const sent = new Uint8Array(await c.req.arrayBuffer())
  count(sent.length)
  const maxBytes = c.get('telemetrySender')?.kind === 'browser' ? BROWSER_MAX_BYTES : OTLP_MAX_BYTES
  // A list is allowed (RFC 9110: in the order applied); identity changes nothing, one gzip is read.
  const codings = (c.req.header('content-encoding') ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
  const encoding = codings.join(', ')
  if (codings.length === 0) return sent
  if (codings.length > 1 || (encoding !== 'gzip' && encoding !== 'x-gzip')) {
    throw new ApiError(
      415,
      'UnsupportedMediaTypeError',
      `Content-Encoding '${encoding.slice(0, 40)}' is not supported: send the body as it is or with Content-Encoding: gzip.`,
    )
  }
  try {
    return await gunzipAsync(sent, { maxOutputLength: maxBytes })
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new ApiError(413, 'PayloadTooLargeError', tooLargeMessage(' once gunzipped', maxBytes))
    }
    const reason = error instanceof Error ? error.message : String(error)
    throw validationError(
      `The body is not valid gzip (${reason}), yet Content-Encoding says gzip.`,
      'invalid',
    )
  }
}

/**
 * The body of an OTLP export, JSON or protobuf (each optionally gzipped), checked against its
 * request schema: 415 for another content type or encoding, 413 over the limit, 400 naming what to fix.
 */
async function readOtlp<S extends v.GenericSchema>(
  c: Context,
  signal: OtlpSignal,
  schema: S,
  count: (bytes: number) => void,
): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type') ?? ''
  const protobuf = PROTOBUF_TYPE.test(type)
  if (!protobuf && !JSON_TYPE.test(type)) {
    throw new ApiError(
      415,
      'UnsupportedMediaTypeError',
      `Send OTLP with content-type application/x-protobuf or application/json, not '${type.slice(0, 80) || 'none'}'.`,
    )
  }
  const bytes = await bodyBytes(c, count)
  let json: unknown
  if (protobuf) {
    try {
      json = decodeOtlpProtobuf(signal, bytes)
    } catch (error) {
      if (error instanceof OtlpProtobufError && error.tooDeep) throw tooDeep()
      if (error instanceof OtlpProtobufError && error.tooLarge)
        throw new ApiError(413, 'PayloadTooLargeError', error.message)
      const reason = error instanceof Error ? error.message : String(error)
      const message = `The body is not a protobuf ${signal === 'traces' ? 'ExportTraceServiceRequest' : 'ExportLogsServiceRequest'} (${reason}).`
      throw validationError(message, 'invalid')
    }
  } else {
    try {
      json = JSON.parse(new TextDecoder().decode(bytes))
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw validationError(`The body is not valid JSON (${reason}).`, 'invalid')
    }
  }
  const bounds = measureOtlp(json, { clean: true })
  if (bounds === 'deep') throw tooDeep()
  if (bounds === 'large') throw new ApiError(413, 'PayloadTooLargeError', tooManyNodesMessage())
  const result = v.safeParse(schema, json)
  if (result.success) return result.output
  const [first, ...more] = describeIssues(result.issues)
  const encoding = protobuf ? 'protobuf' : 'JSON'
  const message = `Not an OTLP ${encoding} request: ${first}${more.length ? ` Also: ${more.join(' ')}` : ''}`
  throw validationError(message, 'invalid')
}

const tooDeep = () =>
  validationError(
    `The body nests deeper than ${OTLP_MAX_DEPTH} levels: flatten the attribute values.`,
    'invalid',
  )

/**
 * Answers a protobuf sender in its own encoding: the JSON google.rpc.Status of any error on /v1/*
 * (the routes', the body limit's, the error handler's, the unknown path's) is re-encoded as a
 * protobuf google.rpc.Status, as the OTLP specification says.
 */
const statusInRequestEncoding: MiddlewareHandler = async (c, next) => {
  await next()
  if (c.res.status < 400 || !isProtobufRequest(c)) return
  if (!/^application\/json\b/i.test(c.res.headers.get('content-type') ?? '')) return
  const status = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown; message?: unknown } | null
  if (typeof status?.code !== 'number' || typeof status.message !== 'string') return
  // The old answer's other headers (retry-after…) are kept by Hono; the content type is replaced.
  c.res = new Response(encodeStatus({ code: status.code, message: status.message }), {
    status: c.res.status,
    headers: { 'content-type': PROTOBUF_CONTENT_TYPE },
  })
  c.res.headers.delete('content-length')
}

/**
 * A failed write answers 503, which the OTLP exporters retry, rather than a 500 they drop; the
 * reason goes to the server log only.
 */
async function store(what: string, write: () => Promise<void>, logError: ErrorLogger) {
  try {
    await write()
  } catch (error) {
    logError(`[telemetry] could not store ${what}`, error)
    throw new ApiError(503, 'ServiceUnavailableError', `Could not store the ${what} now; retry later.`)
  }
}

/** A successful export: an empty `Export…ServiceResponse` in the request's encoding. */
const exported = (c: Context, signal: OtlpSignal) =>
  isProtobufRequest(c)
    ? c.body(encodeOtlpResponse(signal), 200, { 'content-type': PROTOBUF_CONTENT_TYPE })
    : c.json({})

export interface TelemetryRouteOptions {
  /**
   * The bearer token that reading sessions needs (readToken.ts). Without one, reading is refused
   * (403): telemetry holds shoppers' activity and is never public.
   */
  readToken?: string | undefined
  /**
   * The bearer token a collector or SDK on the server side writes with (browserTelemetry.ts). Without
   * one, only store pages (by their Origin) can write.
   */
  ingestToken?: string | undefined
  /** Each browser client's budget per minute (default DEFAULT_BROWSER_LIMITS). */
  browserLimits?: BrowserLimits
  /**
   * Writes the server's own spans still waiting for their batch (spanWriter.ts). A page load's
   * measures count only once its page span is stored (migration 0024), and a shopper who leaves at
   * once sends them (site/earlyMeasures.ts) before that span's batch has gone.
   */
  serverSpansWritten?: () => Promise<void>
}

/**
 * What a browser says about itself is replaced by what the server knows: the brand of the host its
 * page was served under, on every span (`header.brand`, which the trace summaries read) and in the
 * resource (`one_header.brand`). Every row says who sent it, so a page load the store never served
 * is told apart from real ones (console/traceSearch.ts).
 */
function stamped<R extends SpanRow | LogRow>(rows: R[], sender: TelemetrySender): R[] {
  if (sender.kind === 'collector') return rows.map((r) => ({ ...r, source: 'collector' }))
  return rows.map((r) => ({
    ...r,
    source: 'browser',
    ...('span_id' in r && 'kind' in r
      ? { attributes: { ...r.attributes, 'header.brand': sender.brand } }
      : {}),
    resource: { ...r.resource, 'one_header.brand': sender.brand },
  }))
}

/**
 * The OTLP/HTTP receiver (`POST /v1/traces`, `POST /v1/logs`: JSON or protobuf, optionally gzipped;
 * open to the page) and the session read-back (`GET /api/telemetry/sessions/latest` and
 * `/:correlationId`) for monitoring staff, behind the read token.
 */
export function registerTelemetryRoutes(
  app: Hono,
  db: Database,
  logError: ErrorLogger,
  opts: TelemetryRouteOptions = {},
): void {
  const limit = limitBody({ maxSize: OTLP_MAX_BYTES, onError: tooLarge })
  const browserLimit = limitBody({
    maxSize: BROWSER_MAX_BYTES,
    onError: (c) => c.json(otlpStatus(413, tooLargeMessage(' from a browser', BROWSER_MAX_BYTES)), 413),
  })
  const senders = telemetrySenders({
    ingestToken: opts.ingestToken,
    ...(opts.browserLimits ? { limits: opts.browserLimits } : {}),
  })
  // The collector's limit first (a huge body is read away and answered 413 whoever sends it), then
  // who sends, then a browser's smaller limit.
  const guard = [
    limit,
    senders.classify,
    ((c, next) =>
      c.get('telemetrySender').kind === 'browser' ? browserLimit(c, next) : next()) as MiddlewareHandler,
  ] as const
  const count = (c: Context) => (bytes: number) => senders.count(c, bytes)
  app.use('/v1/*', statusInRequestEncoding)

  app.post('/v1/traces', ...guard, async (c) => {
    const request = await readOtlp(c, 'traces', TraceRequestSchema, count(c))
    const rows = stamped(spanRowsFrom(request), c.get('telemetrySender'))
    if (opts.serverSpansWritten && rows.some((r) => r.name === MEASURES_SPAN_NAME))
      await opts.serverSpansWritten()
    await store('spans', () => insertSpans(db, rows), logError)
    return exported(c, 'traces')
  })

  app.post('/v1/logs', ...guard, async (c) => {
    const request = await readOtlp(c, 'logs', LogsRequestSchema, count(c))
    const receivedNs = (BigInt(Date.now()) * 1_000_000n).toString()
    const rows = stamped(logRowsFrom(request, receivedNs), c.get('telemetrySender'))
    await store('log records', () => insertLogs(db, rows), logError)
    return exported(c, 'logs')
  })

  // Every read route, whatever the method: the token first.
  app.use(`${SESSIONS_PATH}/*`, requireReadToken(opts.readToken))

  // Registered before /:correlationId so 'latest' is never taken for an id.
  app.get(`${SESSIONS_PATH}/latest`, async (c) => {
    const correlationId = await latestCorrelationId(db)
    const session = correlationId ? await readSession(db, correlationId) : null
    if (!session) {
      throw new ApiError(
        404,
        'NotFoundError',
        'No telemetry with a correlation id has been received yet. Load a store page with telemetry on, or check that the browser exports to /v1/traces and /v1/logs.',
      )
    }
    c.header('cache-control', 'no-store')
    return c.json(session)
  })

  app.get(`${SESSIONS_PATH}/:correlationId`, async (c) => {
    const correlationId = c.req.param('correlationId')
    const shown = correlationId.slice(0, 120)
    if (!isUsableCorrelationId(correlationId)) {
      throw validationError(
        `Correlation id '${shown}' must be 8 to 100 letters, digits or dashes (the CORRELATION_ID cookie or x-correlation-id header value).`,
        'invalid',
      )
    }
    const session = await readSession(db, correlationId)
    if (!session) {
      throw new ApiError(
        404,
        'NotFoundError',
        `No spans or log records for correlation id '${correlationId}'. Check the id, or use ${SESSIONS_PATH}/latest.`,
      )
    }
    c.header('cache-control', 'no-store')
    return c.json(session)
  })
}
