import type { Database } from '../db/database'
import type { Session, SessionLog, SessionSpan } from './sessionTypes'

/** received_at comes back as a Date from both PGlite and pg. */
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value))

/**
 * Everything stored for one correlation id, or null when nothing is. Spans by start time, logs by
 * time; the identity column breaks ties so the order is stable between calls.
 */
export async function readSession(db: Database, correlationId: string): Promise<Session | null> {
  const [spans, logs] = await Promise.all([
    db.query<SessionSpan & { receivedAt: unknown }>(
      `SELECT trace_id AS "traceId", span_id AS "spanId", parent_span_id AS "parentSpanId", name, kind,
        start_ns::text AS "startTimeUnixNano", end_ns::text AS "endTimeUnixNano",
        status_code AS "statusCode", status_message AS "statusMessage", attributes, events, resource,
        scope_name AS "scopeName", service_name AS "serviceName", correlation_id AS "correlationId",
        received_at AS "receivedAt"
      FROM spans WHERE correlation_id = $1 ORDER BY start_ns, id`,
      [correlationId],
    ),
    db.query<SessionLog & { receivedAt: unknown }>(
      `SELECT time_ns::text AS "timeUnixNano", severity_number AS "severityNumber",
        severity_text AS "severityText", body, attributes, resource, trace_id AS "traceId",
        span_id AS "spanId", scope_name AS "scopeName", service_name AS "serviceName",
        correlation_id AS "correlationId", received_at AS "receivedAt"
      FROM log_records WHERE correlation_id = $1 ORDER BY time_ns, id`,
      [correlationId],
    ),
  ])
  if (spans.rows.length === 0 && logs.rows.length === 0) return null
  return {
    correlationId,
    spans: spans.rows.map((s) => ({ ...s, receivedAt: iso(s.receivedAt) })),
    logs: logs.rows.map((l) => ({ ...l, receivedAt: iso(l.receivedAt) })),
  }
}

/** The correlation id of whatever span or log record arrived last, or null before any did. */
export async function latestCorrelationId(db: Database): Promise<string | null> {
  const { rows } = await db.query<{ correlation_id: string }>(
    `SELECT correlation_id FROM (
      (SELECT correlation_id, received_at FROM spans WHERE correlation_id IS NOT NULL
        ORDER BY received_at DESC, id DESC LIMIT 1)
      UNION ALL
      (SELECT correlation_id, received_at FROM log_records WHERE correlation_id IS NOT NULL
        ORDER BY received_at DESC, id DESC LIMIT 1)
    ) AS last ORDER BY received_at DESC LIMIT 1`,
  )
  return rows[0]?.correlation_id ?? null
}
