import type { Context } from 'hono'
import { CORRELATION_ATTRIBUTE, CORRELATION_HEADER } from '../../site/correlationId'
import { SERVER_SERVICE_NAME } from './serverSpans'
import type { SpanRow } from './storeTelemetry'
import { randomHexId, type TraceParent } from './traceparent'

/**
 * One page load is one trace. The page server starts it: a SERVER span for the host page,
 * whose context the page carries as `<meta name="traceparent">` (the convention OpenTelemetry's
 * document-load instrumentation reads); the header's start span and every later call of the page
 * are its children (kernel/telemetry/spans.ts). The start-up calls the page preloads cannot send a
 * `traceparent` header, so the server joins them itself: a request with no `traceparent` and no
 * `x-correlation-id` header (a preload sends only cookies) whose correlation id was served a page in
 * the last JOIN_WINDOW_MS is a child of that page's span. Two tabs of one browser loading at the same
 * moment share a correlation id and may swap their preloads; the window keeps that rare.
 */
export const JOIN_WINDOW_MS = 15_000
/** Pages remembered at most, oldest forgotten first: memory stays bounded whatever the traffic. */
const MAX_PAGES = 5_000

/** The page span's instrumentation scope; migration 0019 reads it to tell served page loads apart. */
export const PAGE_SCOPE = 'one-header-reference-server/pages'

const KIND_SERVER = 2
const STATUS_ERROR = 2
const nowNs = () => BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6))

export interface PageTraces {
  /** Starts the page's span; `end` records it with the response's status. */
  begin(
    c: Context,
    correlationId: string,
  ): { traceparent: string; end(status: number, route: string, brand: string): void }
  /** The page span a preloaded call of this correlation id joins, if one was served just now. */
  parentFor(c: Context, correlationId: string | null): TraceParent | null
}

export function createPageTraces(record: (span: SpanRow) => void, now = Date.now): PageTraces {
  const recent = new Map<string, { parent: TraceParent; at: number }>()
  return {
    begin(c, correlationId) {
      const parent = { traceId: randomHexId(16), spanId: randomHexId(8), flags: '01' }
      recent.delete(correlationId) // re-inserted last: Map order is oldest first
      recent.set(correlationId, { parent, at: now() })
      while (recent.size > MAX_PAGES) recent.delete(recent.keys().next().value!)
      const start = nowNs()
      return {
        traceparent: `00-${parent.traceId}-${parent.spanId}-01`,
        end(status, route, brand) {
          record({
            trace_id: parent.traceId,
            span_id: parent.spanId,
            parent_span_id: null,
            name: `page GET ${route}`,
            kind: KIND_SERVER,
            start_ns: start.toString(),
            end_ns: nowNs().toString(),
            status_code: status >= 500 ? STATUS_ERROR : 0,
            status_message: status >= 500 ? `HTTP ${status}` : null,
            attributes: {
              'http.request.method': 'GET',
              'url.path': c.req.path,
              'http.response.status_code': status,
              'server.address': new URL(c.req.url).hostname,
              'header.brand': brand,
              [CORRELATION_ATTRIBUTE]: correlationId,
            },
            events: [],
            resource: { 'service.name': SERVER_SERVICE_NAME },
            scope_name: PAGE_SCOPE,
            service_name: SERVER_SERVICE_NAME,
            correlation_id: correlationId,
          })
        },
      }
    },
    parentFor(c, correlationId) {
      if (!correlationId || c.req.method !== 'GET' || c.req.header(CORRELATION_HEADER) !== undefined)
        return null
      const page = recent.get(correlationId)
      return page && now() - page.at <= JOIN_WINDOW_MS ? page.parent : null
    },
  }
}
