import type { Context, MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { CORRELATION_ATTRIBUTE } from '../../site/correlationId'
import { browserCorrelationId } from '../http/requestCorrelation'
import type { SpanRow } from './storeTelemetry'
import { parseTraceparent, randomHexId, type TraceParent } from './traceparent'

/** service.name of the spans this server records about itself. */
export const SERVER_SERVICE_NAME = 'one-header-reference-server'

/** OTLP SpanKind SERVER and StatusCode ERROR. */
const KIND_SERVER = 2
const STATUS_ERROR = 2

/** Wall-clock Unix nanoseconds with sub-millisecond resolution (Date.now() has only milliseconds). */
const nowNs = () => BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6))

/** Test seams and exclusions of the server span middleware. */
export interface ServerSpanOptions {
  /** Paths not traced; default the telemetry read-back, so reading a session does not add to it. */
  skip?: (path: string) => boolean
  /**
   * The parent of a request that sent no `traceparent`: the page load it was preloaded by
   * (pageTraces.ts), so it joins that trace instead of starting one of its own.
   */
  parentFor?: (c: Context, correlationId: string | null) => TraceParent | null
  now?: () => bigint
}

const skipTelemetry = (path: string) => path.startsWith('/api/telemetry/')

/**
 * One SERVER span per /rest or /api request that belongs to a browser session: a valid W3C
 * `traceparent` makes it a child of the browser's span (same trace id, parent = the header's span
 * id); a valid `x-correlation-id`, or without one a valid CORRELATION_ID cookie (the page's
 * preloaded start-up calls send no header), alone starts a new trace. Requests with neither are not
 * recorded, so bots and health checks leave nothing behind. `record` is called after the response
 * is ready and must not block it (spanWriter.ts keeps it for the next batch).
 */
export function serverSpans(
  record: (span: SpanRow) => void,
  opts: ServerSpanOptions = {},
): MiddlewareHandler {
  const skip = opts.skip ?? skipTelemetry
  const now = opts.now ?? nowNs
  return async (c, next) => {
    if (skip(c.req.path)) return next()
    const correlationId = browserCorrelationId(c)
    const parent = parseTraceparent(c.req.header('traceparent')) ?? opts.parentFor?.(c, correlationId) ?? null
    if (!parent && !correlationId) return next()

    const start = now()
    await next()
    const status = c.res.status
    // After next(), the route index points at the handler that answered: '/rest/v2/:brand/cms/pages'.
    const route = routePath(c)
    const attributes: SpanRow['attributes'] = {
      'http.request.method': c.req.method,
      'http.route': route,
      'url.path': c.req.path,
      'http.response.status_code': status,
    }
    if (correlationId) attributes[CORRELATION_ATTRIBUTE] = correlationId
    // OpenTelemetry HTTP conventions: only 5xx is a server span error; 4xx is the caller's.
    if (status >= 500) attributes['error.type'] = String(status)
    record({
      trace_id: parent?.traceId ?? randomHexId(16),
      span_id: randomHexId(8),
      parent_span_id: parent?.spanId ?? null,
      name: `HTTP ${c.req.method} ${route}`,
      kind: KIND_SERVER,
      start_ns: start.toString(),
      end_ns: now().toString(),
      status_code: status >= 500 ? STATUS_ERROR : 0,
      status_message: status >= 500 ? `HTTP ${status}` : null,
      attributes,
      events: [],
      resource: { 'service.name': SERVER_SERVICE_NAME },
      scope_name: 'one-header-reference-server/http',
      service_name: SERVER_SERVICE_NAME,
      correlation_id: correlationId,
    })
  }
}
