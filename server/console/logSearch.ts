import type { Database } from '../db/database'

/** How long after a trace's last span a record of the same page may still come (traceDetail.ts says the same). */
const LOG_GRACE_NS = 5_000_000_000n

export interface LogQuery {
  /** Correlation ids starting with this. */
  correlationPrefix?: string
  /** Records of this trace: naming it, or of its correlation id while it ran. */
  traceId?: string
  /** At least this severity number (OTLP: 9 info, 13 warn, 17 error). */
  minSeverity?: number
  /** Words in the message, any case. */
  text?: string
  fromNs?: bigint
  toNs?: bigint
  limit: number
  offset: number
}

export interface FoundLog {
  timeNs: bigint
  severity: string
  severityNumber: number
  body: string
  plugin?: string
  correlationId: string | null
  /** The trace it belongs to: the one it names, else its correlation id's trace running at its time. */
  traceId: string | null
  spanId: string | null
}

interface Row {
  time_ns: string
  severity_text: string | null
  severity_number: number | null
  body: unknown
  attributes: Record<string, unknown>
  correlation_id: string | null
  trace_id: string | null
  span_id: string | null
  found_trace: string | null
}

/**
 * Log records newest first, each with the trace to open: a record that names its trace goes there;
 * one that does not (sent before its span existed, or by code outside any span) goes to the trace
 * of its correlation id that was running at its time — the page load or later action it was part of.
 */
export async function searchLogs(db: Database, q: LogQuery): Promise<{ logs: FoundLog[]; more: boolean }> {
  const where: string[] = []
  const params: unknown[] = []
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value)
    where.push(clause(`$${params.length}`))
  }
  if (q.correlationPrefix)
    add((p) => `l.correlation_id LIKE ${p}`, `${q.correlationPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  if (q.traceId) {
    params.push(q.traceId)
    const t = `$${params.length}`
    where.push(`(l.trace_id = ${t} OR (l.trace_id IS NULL AND EXISTS (SELECT 1 FROM trace_summaries s
      WHERE s.trace_id = ${t} AND s.correlation_id = l.correlation_id
        AND l.time_ns BETWEEN s.start_ns AND s.end_ns + ${LOG_GRACE_NS})))`)
  }
  if (q.minSeverity) add((p) => `l.severity_number >= ${p}`, q.minSeverity)
  if (q.text) add((p) => `l.body::text ILIKE ${p}`, `%${q.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  if (q.fromNs !== undefined) add((p) => `l.time_ns >= ${p}`, q.fromNs.toString())
  if (q.toNs !== undefined) add((p) => `l.time_ns <= ${p}`, q.toNs.toString())
  params.push(q.limit + 1, q.offset)
  const { rows } = await db.query<Row>(
    `SELECT l.time_ns, l.severity_text, l.severity_number, l.body, l.attributes, l.correlation_id, l.trace_id, l.span_id,
            COALESCE(
              (SELECT s.trace_id FROM trace_summaries s WHERE s.trace_id = l.trace_id),
              (SELECT s.trace_id FROM trace_summaries s
                WHERE l.trace_id IS NULL AND s.correlation_id = l.correlation_id
                  AND l.time_ns BETWEEN s.start_ns AND s.end_ns + ${LOG_GRACE_NS}
                ORDER BY s.start_ns DESC LIMIT 1)
            ) AS found_trace
       FROM log_records l ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY l.time_ns DESC, l.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  )
  const logs = rows.slice(0, q.limit).map((r): FoundLog => {
    const plugin = r.attributes['additionalInfoObject.pluginId']
    return {
      timeNs: BigInt(r.time_ns),
      severity: r.severity_text ?? 'UNSPECIFIED',
      severityNumber: r.severity_number ?? 0,
      body: typeof r.body === 'string' ? r.body : JSON.stringify(r.body ?? ''),
      ...(typeof plugin === 'string' ? { plugin } : {}),
      correlationId: r.correlation_id,
      traceId: r.found_trace,
      spanId: r.found_trace && r.found_trace === r.trace_id ? r.span_id : null,
    }
  })
  return { logs, more: rows.length > q.limit }
}
