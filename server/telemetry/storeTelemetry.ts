import type { Database } from '../db/database'
import { insertRows } from '../db/insertRows'
import { correlationIdOf } from './correlation'
import type { LogsRequest, TraceRequest } from './otlpSchemas'
import { anyValueToJson, attributesToObject, type JsonValue, nanosText } from './otlpValues'

type Json = Record<string, JsonValue>

/** One row of the `spans` table (migration 0003), as written. */
export interface SpanRow {
  trace_id: string
  span_id: string
  parent_span_id: string | null
  name: string
  kind: number
  /** Unix nanoseconds as decimal text: a bigint does not survive a JS number. */
  start_ns: string
  end_ns: string
  status_code: number
  status_message: string | null
  attributes: Json
  events: JsonValue[]
  /** Spans this one is linked to (OTLP links): `{traceId, spanId, attributes}`; migration 0020. */
  links?: JsonValue[]
  resource: Json
  scope_name: string | null
  service_name: string | null
  correlation_id: string | null
  /**
   * Who sent it (migration 0019): `browser` (a store page, by its Origin) or `collector` (the ingest
   * token); absent for this server's own spans, which never pass through the receiver.
   */
  source?: 'browser' | 'collector'
}

/** One row of the `log_records` table (migration 0003), as written. */
export interface LogRow {
  time_ns: string
  observed_ns: string | null
  severity_number: number | null
  severity_text: string | null
  body: JsonValue
  attributes: Json
  resource: Json
  trace_id: string | null
  span_id: string | null
  scope_name: string | null
  service_name: string | null
  correlation_id: string | null
  /** As SpanRow's. */
  source?: 'browser' | 'collector'
}

const serviceOf = (resource: Json) =>
  typeof resource['service.name'] === 'string' ? resource['service.name'] : null

/** Hex ids are case-insensitive in OTLP JSON; lower case makes trace ids comparable. */
const hex = (id: string | null | undefined) => (id ? id.toLowerCase() : null)

/** Flattens an OTLP trace request into rows, one per span. */
export function spanRowsFrom(request: TraceRequest): SpanRow[] {
  const rows: SpanRow[] = []
  for (const rs of request.resourceSpans) {
    const resource = attributesToObject(rs.resource?.attributes)
    for (const ss of rs.scopeSpans ?? []) {
      for (const span of ss.spans ?? []) {
        const attributes = attributesToObject(span.attributes)
        rows.push({
          trace_id: span.traceId.toLowerCase(),
          span_id: span.spanId.toLowerCase(),
          parent_span_id: hex(span.parentSpanId),
          name: span.name,
          kind: span.kind ?? 0,
          start_ns: nanosText(span.startTimeUnixNano)!,
          end_ns: nanosText(span.endTimeUnixNano)!,
          status_code: span.status?.code ?? 0,
          status_message: span.status?.message || null,
          attributes,
          events: (span.events ?? []).map((e) => ({
            name: e.name ?? '',
            timeUnixNano: nanosText(e.timeUnixNano) ?? null,
            attributes: attributesToObject(e.attributes),
          })),
          ...(span.links?.length
            ? {
                links: span.links.map((l) => ({
                  traceId: l.traceId.toLowerCase(),
                  spanId: l.spanId.toLowerCase(),
                  attributes: attributesToObject(l.attributes),
                })),
              }
            : {}),
          resource,
          scope_name: ss.scope?.name || null,
          service_name: serviceOf(resource),
          correlation_id: correlationIdOf(attributes, resource),
        })
      }
    }
  }
  return rows
}

/**
 * Flattens an OTLP logs request into rows. A record without a time (0 or absent means "unknown" in
 * OTLP) takes its observed time, else the time it arrived, so every record has a place in the order.
 */
export function logRowsFrom(request: LogsRequest, receivedNs: string): LogRow[] {
  const rows: LogRow[] = []
  for (const rl of request.resourceLogs) {
    const resource = attributesToObject(rl.resource?.attributes)
    for (const sl of rl.scopeLogs ?? []) {
      for (const log of sl.logRecords ?? []) {
        const attributes = attributesToObject(log.attributes)
        const time = nanosText(log.timeUnixNano)
        const observed = nanosText(log.observedTimeUnixNano)
        rows.push({
          time_ns: time && time !== '0' ? time : observed && observed !== '0' ? observed : receivedNs,
          observed_ns: observed ?? null,
          severity_number: log.severityNumber ?? null,
          severity_text: log.severityText || null,
          body: anyValueToJson(log.body),
          attributes,
          resource,
          trace_id: hex(log.traceId),
          span_id: hex(log.spanId),
          scope_name: sl.scope?.name || null,
          service_name: serviceOf(resource),
          correlation_id: correlationIdOf(attributes, resource),
        })
      }
    }
  }
  return rows
}

const SPAN_COLUMNS = {
  trace_id: 'text',
  span_id: 'text',
  parent_span_id: 'text',
  name: 'text',
  kind: 'smallint',
  start_ns: 'bigint',
  end_ns: 'bigint',
  status_code: 'smallint',
  status_message: 'text',
  attributes: 'jsonb',
  events: 'jsonb',
  links: 'jsonb',
  resource: 'jsonb',
  scope_name: 'text',
  service_name: 'text',
  correlation_id: 'text',
  source: 'text',
} satisfies Record<keyof SpanRow, string>

const LOG_COLUMNS = {
  time_ns: 'bigint',
  observed_ns: 'bigint',
  severity_number: 'smallint',
  severity_text: 'text',
  body: 'jsonb',
  attributes: 'jsonb',
  resource: 'jsonb',
  trace_id: 'text',
  span_id: 'text',
  scope_name: 'text',
  service_name: 'text',
  correlation_id: 'text',
  source: 'text',
} satisfies Record<keyof LogRow, string>

/** Stores spans; a span already stored (an exporter retry) is skipped, not duplicated. */
export const insertSpans = (db: Database, rows: SpanRow[]) => insertRows(db, 'spans', SPAN_COLUMNS, rows)

/** Stores log records. */
export const insertLogs = (db: Database, rows: LogRow[]) => insertRows(db, 'log_records', LOG_COLUMNS, rows)
