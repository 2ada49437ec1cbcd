/**
 * The JSON of `GET /api/telemetry/sessions/:correlationId`: everything stored for one shopper's
 * session. Shared by the endpoint, the `npm run traces` CLI and its formatter; no server imports, so
 * the CLI stays a plain HTTP client.
 */
export interface Session {
  correlationId: string
  /** Ordered by start time. */
  spans: SessionSpan[]
  /** Ordered by time. */
  logs: SessionLog[]
}

export interface SessionSpan {
  traceId: string
  spanId: string
  /** Null for a root span. */
  parentSpanId: string | null
  name: string
  /** OTLP SpanKind: 1 internal, 2 server, 3 client. */
  kind: number
  /** Unix nanoseconds as decimal strings (too large for a JS number). */
  startTimeUnixNano: string
  endTimeUnixNano: string
  /** OTLP StatusCode: 0 unset, 1 ok, 2 error. */
  statusCode: number
  statusMessage: string | null
  attributes: Record<string, unknown>
  events: unknown[]
  resource: Record<string, unknown>
  scopeName: string | null
  serviceName: string | null
  correlationId: string | null
  /** ISO time the server stored it. */
  receivedAt: string
}

export interface SessionLog {
  /** Unix nanoseconds as a decimal string. */
  timeUnixNano: string
  severityNumber: number | null
  severityText: string | null
  /** A string message, or an object for a structured record. */
  body: unknown
  attributes: Record<string, unknown>
  resource: Record<string, unknown>
  traceId: string | null
  spanId: string | null
  scopeName: string | null
  serviceName: string | null
  correlationId: string | null
  receivedAt: string
}
