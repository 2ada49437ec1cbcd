import type { Database } from '../db/database'
import { laterActions, type TraceSummary, traceSummary } from './traceSearch'

/** A span of the waterfall, with its depth in the tree and what its detail shows. */
export interface WaterfallSpan {
  spanId: string
  parentSpanId: string | null
  name: string
  service: string | null
  /** OTLP SpanKind: 1 internal, 2 server, 3 client… */
  kind: number
  startNs: bigint
  endNs: bigint
  /** 2 = error (OTLP StatusCode), as sent or as the semantic conventions read it (effectiveStatus). */
  statusCode: number
  statusMessage: string | null
  httpStatus?: number
  plugin?: string
  depth: number
  attributes: Record<string, unknown>
  events: { name: string; timeUnixNano: string | null; attributes: Record<string, unknown> }[]
  resource: Record<string, unknown>
  links: { traceId: string; spanId: string; attributes: Record<string, unknown> }[]
}

const KIND_CLIENT = 3
const STATUS_ERROR = 2

/**
 * A span's status as OpenTelemetry's HTTP semantic conventions read it: a client span whose call was
 * answered 4xx or 5xx (`http.response.status_code` >= 400) is an error even when its sender left the
 * status unset, with the status code as its message; a status the sender set is kept.
 */
export function effectiveStatus(
  kind: number,
  statusCode: number,
  statusMessage: string | null,
  httpStatus: number | undefined,
): { code: number; message: string | null } {
  if (statusCode === 0 && kind === KIND_CLIENT && httpStatus !== undefined && httpStatus >= 400)
    return { code: STATUS_ERROR, message: statusMessage ?? `HTTP ${httpStatus}` }
  return { code: statusCode, message: statusMessage }
}

export interface TraceLog {
  timeNs: bigint
  severity: string
  severityNumber: number
  body: string
  plugin?: string
  /** The span it belongs to: its own span id when it names one of this trace's, else the innermost span open at its time. */
  spanId?: string
}

/** How long after the trace's last span a record of the same page may still come (an exporter's batch). */
const LOG_GRACE_NS = 5_000_000_000n

interface SpanRow {
  span_id: string
  parent_span_id: string | null
  name: string
  kind: number
  service_name: string | null
  start_ns: string
  end_ns: string
  status_code: number
  status_message: string | null
  attributes: Record<string, unknown>
  events: WaterfallSpan['events'] | null
  resource: Record<string, unknown> | null
  links: WaterfallSpan['links'] | null
}

interface LogRow {
  time_ns: string
  severity_text: string | null
  severity_number: number | null
  body: unknown
  attributes: Record<string, unknown>
  span_id: string | null
  trace_id: string | null
}

/**
 * One page load: its spans in tree order (each after its parent, siblings by start time) with their
 * depth, and its log records — those that name the trace, and those of its correlation id written
 * while it ran — each linked to a span.
 */
export async function traceDetail(db: Database, traceId: string): Promise<TraceDetail | undefined> {
  const summary = await traceSummary(db, traceId)
  if (!summary) return undefined
  const [spanRows, logRows, later] = await Promise.all([
    db.query<SpanRow>(
      `SELECT span_id, parent_span_id, name, kind, service_name, start_ns, end_ns, status_code, status_message,
              attributes, events, resource, links
       FROM spans WHERE trace_id = $1 ORDER BY start_ns, id`,
      [traceId],
    ),
    db.query<LogRow>(
      `SELECT time_ns, severity_text, severity_number, body, attributes, span_id, trace_id FROM log_records
       WHERE trace_id = $1
          OR (trace_id IS NULL AND correlation_id = $2 AND time_ns BETWEEN $3 AND $4)
       ORDER BY time_ns, id LIMIT 500`,
      [traceId, summary.correlationId, summary.startNs.toString(), (summary.endNs + LOG_GRACE_NS).toString()],
    ),
    laterActions(db, traceId),
  ])
  const spans = inTreeOrder(spanRows.rows)
  const logs = logRows.rows.map((r): TraceLog => {
    const timeNs = BigInt(r.time_ns)
    const plugin = r.attributes['additionalInfoObject.pluginId']
    const own = r.span_id && spans.some((s) => s.spanId === r.span_id) ? r.span_id : undefined
    return {
      timeNs,
      severity: r.severity_text ?? 'UNSPECIFIED',
      severityNumber: r.severity_number ?? 0,
      body: typeof r.body === 'string' ? r.body : JSON.stringify(r.body ?? ''),
      ...(typeof plugin === 'string' ? { plugin } : {}),
      ...((own ?? innermostAt(spans, timeNs)) ? { spanId: own ?? innermostAt(spans, timeNs)! } : {}),
    }
  })
  return { summary, spans, logs, later }
}

export interface TraceDetail {
  summary: TraceSummary
  spans: WaterfallSpan[]
  logs: TraceLog[]
  /** Traces of what the shopper did on this page after it was live (their root links to it). */
  later: TraceSummary[]
}

/** The deepest span open at `t` (the latest started among equals), or the root. */
function innermostAt(spans: readonly WaterfallSpan[], t: bigint): string | undefined {
  let best: WaterfallSpan | undefined
  for (const s of spans)
    if (
      s.startNs <= t &&
      t <= s.endNs &&
      (!best || s.depth > best.depth || (s.depth === best.depth && s.startNs >= best.startNs))
    )
      best = s
  return (best ?? spans[0])?.spanId
}

function inTreeOrder(rows: readonly SpanRow[]): WaterfallSpan[] {
  const ids = new Set(rows.map((r) => r.span_id))
  const children = new Map<string | null, SpanRow[]>()
  for (const r of rows) {
    // A parent not stored (an exporter's lost batch) puts the span at the top, not out of the picture.
    const parent = r.parent_span_id && ids.has(r.parent_span_id) ? r.parent_span_id : null
    children.set(parent, [...(children.get(parent) ?? []), r])
  }
  const out: WaterfallSpan[] = []
  const visit = (parent: string | null, depth: number) => {
    for (const r of children.get(parent) ?? []) {
      const status = r.attributes['http.response.status_code']
      const httpStatus = typeof status === 'number' || typeof status === 'string' ? Number(status) : undefined
      const plugin = r.attributes['plugin.id']
      const effective = effectiveStatus(Number(r.kind), Number(r.status_code), r.status_message, httpStatus)
      out.push({
        spanId: r.span_id,
        parentSpanId: r.parent_span_id,
        name: r.name,
        service: r.service_name,
        kind: Number(r.kind),
        startNs: BigInt(r.start_ns),
        endNs: BigInt(r.end_ns),
        statusCode: effective.code,
        statusMessage: effective.message,
        ...(httpStatus !== undefined && Number.isFinite(httpStatus) ? { httpStatus } : {}),
        ...(typeof plugin === 'string' ? { plugin } : {}),
        depth,
        attributes: r.attributes,
        events: r.events ?? [],
        resource: r.resource ?? {},
        links: r.links ?? [],
      })
      visit(r.span_id, depth + 1)
    }
  }
  visit(null, 0)
  return out
}
