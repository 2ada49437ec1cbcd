import type { Database } from '../db/database'

/** A page load is slow when one of its spans took this long (migration 0014's partial index says the same). */
export const SLOW_NS = 1_000_000_000n

/** Columns the results may be sorted by, each with the SQL it sorts on. */
export const SORTS = {
  started: 'start_ns',
  duration: '(end_ns - start_ns)',
  path: 'page_path',
  spans: 'span_count',
  errors: 'error_count',
} as const
export type SortKey = keyof typeof SORTS

export interface TraceQuery {
  correlationId?: string
  /** Correlation ids starting with this (what an engineer pastes is often cut short). */
  correlationPrefix?: string
  /** A service one of its spans came from (`service.name`). */
  service?: string
  /** A span of exactly this name. */
  spanName?: string
  /** A span with this attribute: key and value as typed (`http.response.status_code=401`). */
  attribute?: { key: string; value: string }
  /** The page load's whole duration, first start to last end, in nanoseconds, inclusive. */
  minDurationNs?: bigint
  maxDurationNs?: bigint
  /** The path of the page the server served (`/c/coffee`). */
  pagePath?: string
  lang?: string
  sort?: SortKey
  /** Default: descending. */
  ascending?: boolean
  brand?: string
  /** Unix nanoseconds, inclusive; the trace's first span started in [fromNs, toNs]. */
  fromNs?: bigint
  toNs?: bigint
  status?: 'any' | 'errors' | 'ok' | 'slow'
  /** Page loads that started this plugin. */
  plugin?: string
  /**
   * `served` (default): page loads the store's page server took part in, and the later actions on
   * them; `browser`: traces with no page-server span, reported by a browser only; `all`.
   */
  source?: 'served' | 'browser' | 'all'
  limit: number
  offset: number
}

export interface TraceSummary {
  traceId: string
  correlationId: string | null
  brand: string | null
  rootName: string | null
  startNs: bigint
  endNs: bigint
  spanCount: number
  errorCount: number
  longestNs: bigint
  plugins: string[]
  /** Whether the page server's own span is in it; false: reported by a browser only. */
  pageServed: boolean
  /** The page load this trace happened on, for a later action (its root span's link). */
  followsTraceId: string | null
  /** The path of the page the server served. */
  pagePath: string | null
  lang: string | null
  services: string[]
}

interface SummaryRow {
  trace_id: string
  correlation_id: string | null
  brand: string | null
  root_name: string | null
  start_ns: string
  end_ns: string
  span_count: number
  error_count: number
  longest_ns: string
  plugins: string[]
  page_served: boolean
  follows_trace_id: string | null
  page_path: string | null
  lang: string | null
  services: string[]
}

const toSummary = (r: SummaryRow): TraceSummary => ({
  traceId: r.trace_id,
  correlationId: r.correlation_id,
  brand: r.brand,
  rootName: r.root_name,
  startNs: BigInt(r.start_ns),
  endNs: BigInt(r.end_ns),
  spanCount: Number(r.span_count),
  errorCount: Number(r.error_count),
  longestNs: BigInt(r.longest_ns),
  plugins: r.plugins,
  pageServed: r.page_served,
  followsTraceId: r.follows_trace_id,
  pagePath: r.page_path,
  lang: r.lang,
  services: r.services,
})

/**
 * Page loads (traces) matching every given filter, newest first, one page at a time. Reads the
 * summaries migration 0014 keeps, never the spans; one more row than asked tells whether a next page
 * exists, so no count of a large store is needed.
 */
export async function searchTraces(
  db: Database,
  q: TraceQuery,
): Promise<{ traces: TraceSummary[]; more: boolean }> {
  const where: string[] = []
  const params: unknown[] = []
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value)
    where.push(clause(`$${params.length}`))
  }
  if (q.correlationId) add((p) => `correlation_id = ${p}`, q.correlationId)
  // LIKE with the pattern characters escaped, so the prefix index (text_pattern_ops) serves it.
  if (q.correlationPrefix)
    add((p) => `correlation_id LIKE ${p}`, `${q.correlationPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  if (q.service) add((p) => `services @> ARRAY[${p}]::text[]`, q.service)
  if (q.pagePath) add((p) => `page_path = ${p}`, q.pagePath)
  if (q.lang) add((p) => `lang = ${p}`, q.lang)
  if (q.minDurationNs !== undefined) add((p) => `(end_ns - start_ns) >= ${p}`, q.minDurationNs.toString())
  if (q.maxDurationNs !== undefined) add((p) => `(end_ns - start_ns) <= ${p}`, q.maxDurationNs.toString())
  if (q.spanName)
    add(
      (p) => `EXISTS (SELECT 1 FROM spans s WHERE s.trace_id = trace_summaries.trace_id AND s.name = ${p})`,
      q.spanName,
    )
  if (q.attribute) {
    // A value typed as 401 may have been sent as a number or as text: either matches.
    const { key, value } = q.attribute
    const candidates: unknown[] = [value]
    if (/^-?\d+(\.\d+)?$/.test(value)) candidates.push(Number(value))
    if (value === 'true' || value === 'false') candidates.push(value === 'true')
    add(
      (p) =>
        `EXISTS (SELECT 1 FROM spans s WHERE s.trace_id = trace_summaries.trace_id AND (${candidates
          .map((_, i) => `s.attributes @> (${p}::jsonb -> ${i})`)
          .join(' OR ')}))`,
      JSON.stringify(candidates.map((v) => ({ [key]: v }))),
    )
  }
  if (q.brand) add((p) => `brand = ${p}`, q.brand)
  if (q.fromNs !== undefined) add((p) => `start_ns >= ${p}`, q.fromNs.toString())
  if (q.toNs !== undefined) add((p) => `start_ns <= ${p}`, q.toNs.toString())
  if (q.plugin) add((p) => `plugins @> ARRAY[${p}]::text[]`, q.plugin)
  // Literal conditions, so the planner matches them to the partial indexes.
  if (q.status === 'errors') where.push('error_count > 0')
  if (q.status === 'ok') where.push('error_count = 0')
  if (q.status === 'slow') where.push(`longest_ns >= ${SLOW_NS}`)
  if ((q.source ?? 'served') === 'served') where.push('(page_served OR follows_trace_id IS NOT NULL)')
  if (q.source === 'browser') where.push('NOT page_served AND follows_trace_id IS NULL')
  params.push(q.limit + 1, q.offset)
  const { rows } = await db.query<SummaryRow>(
    `SELECT * FROM trace_summaries ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY ${SORTS[q.sort ?? 'started']} ${q.ascending ? 'ASC' : 'DESC'} NULLS LAST, start_ns DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  )
  return { traces: rows.slice(0, q.limit).map(toSummary), more: rows.length > q.limit }
}

export async function traceSummary(db: Database, traceId: string): Promise<TraceSummary | undefined> {
  const { rows } = await db.query<SummaryRow>('SELECT * FROM trace_summaries WHERE trace_id = $1', [traceId])
  return rows[0] && toSummary(rows[0])
}

/** The traces linked to a page load: what the shopper did on that page after it was live. */
export async function laterActions(db: Database, traceId: string): Promise<TraceSummary[]> {
  const { rows } = await db.query<SummaryRow>(
    'SELECT * FROM trace_summaries WHERE follows_trace_id = $1 ORDER BY start_ns LIMIT 100',
    [traceId],
  )
  return rows.map(toSummary)
}
