import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as v from 'valibot'
import { isUsableCorrelationId } from '../../site/correlationId'
import type { Database } from '../db/database'
import { ApiError, validationError } from '../http/apiError'
import type { ErrorLogger } from '../http/errorHandling'
import { otlpStatus } from '../http/otlpStatus'
import { storableTextOf } from '../http/storableText'
import { describeIssues, LogsRequestSchema, TraceRequestSchema } from './otlpSchemas'
import { latestCorrelationId, readSession } from './sessionQueries'
import { insertLogs, insertSpans, logRowsFrom, spanRowsFrom } from './storeTelemetry'

/** Largest OTLP body accepted; the browser exporters send far smaller batches. */
export const OTLP_MAX_BYTES = 1024 * 1024

/** Where monitoring staff read a session back. */
export const SESSIONS_PATH = '/api/telemetry/sessions'

/** Deeper JSON than any OTLP request needs (AnyValue lists and maps nest a few levels each). */
export const OTLP_MAX_DEPTH = 64

const tooLarge = (c: Context) =>
  c.json(
    otlpStatus(
      413,
      `OTLP body over ${OTLP_MAX_BYTES} bytes. Export smaller batches (the batch processor's maxExportBatchSize).`,
    ),
    413,
  )

/**
 * Walks the parsed body without recursion: false when it nests deeper than OTLP_MAX_DEPTH (a
 * 1,000-level attribute overflowed the schema's recursion); every NUL and lone surrogate in a string
 * becomes U+FFFD on the way, so one bad attribute never costs the batch its good spans.
 */
function boundAndClean(json: unknown): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value: json, depth: 0 }]
  while (stack.length) {
    const { value, depth } = stack.pop()!
    if (!value || typeof value !== 'object') continue
    if (depth >= OTLP_MAX_DEPTH) return false
    const entries = value as Record<string, unknown>
    for (const key of Object.keys(entries)) {
      const inner = entries[key]
      if (typeof inner === 'string') entries[key] = storableTextOf(inner)
      else stack.push({ value: inner, depth: depth + 1 })
    }
  }
  return true
}

/** The JSON body checked against an OTLP request schema; 415/400 naming what to fix otherwise. */
async function readOtlp<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(
      415,
      'UnsupportedMediaTypeError',
      `Send OTLP as JSON with content-type application/json, not '${type || 'none'}' (protobuf is not supported: use the exporters' default JSON encoding).`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse(await c.req.text())
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw validationError(`The body is not valid JSON (${reason}).`, 'invalid')
  }
  if (!boundAndClean(json))
    throw validationError(
      `The body nests deeper than ${OTLP_MAX_DEPTH} levels: flatten the attribute values.`,
      'invalid',
    )
  const result = v.safeParse(schema, json)
  if (result.success) return result.output
  const [first, ...more] = describeIssues(result.issues)
  const message = `Not an OTLP JSON request: ${first}${more.length ? ` Also: ${more.join(' ')}` : ''}`
  throw validationError(message, 'invalid')
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

/**
 * The OTLP/HTTP JSON receiver (`POST /v1/traces`, `POST /v1/logs`) and the session read-back
 * (`GET /api/telemetry/sessions/latest` and `/:correlationId`) for monitoring staff.
 */
export function registerTelemetryRoutes(app: Hono, db: Database, logError: ErrorLogger): void {
  const limit = bodyLimit({ maxSize: OTLP_MAX_BYTES, onError: tooLarge })

  app.post('/v1/traces', limit, async (c) => {
    const request = await readOtlp(c, TraceRequestSchema)
    await store('spans', () => insertSpans(db, spanRowsFrom(request)), logError)
    return c.json({})
  })

  app.post('/v1/logs', limit, async (c) => {
    const request = await readOtlp(c, LogsRequestSchema)
    const receivedNs = (BigInt(Date.now()) * 1_000_000n).toString()
    await store('log records', () => insertLogs(db, logRowsFrom(request, receivedNs)), logError)
    return c.json({})
  })

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
