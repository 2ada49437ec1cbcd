import type { Session, SessionLog, SessionSpan } from './sessionTypes'

const STATUS = ['UNSET', 'OK', 'ERROR']
/** Longest log body shown; the JSON endpoint has the whole record. */
const MAX_BODY = 200

const byStart = (a: SessionSpan, b: SessionSpan) => {
  const d = BigInt(a.startTimeUnixNano) - BigInt(b.startTimeUnixNano)
  return d < 0n ? -1 : d > 0n ? 1 : 0
}

/** Milliseconds with one decimal, computed in bigint so nanosecond timestamps keep their digits. */
export function durationMs(span: Pick<SessionSpan, 'startTimeUnixNano' | 'endTimeUnixNano'>): string {
  const ns = BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)
  return `${(Number(ns) / 1e6).toFixed(1)} ms`
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** The attributes that explain a span at a glance: HTTP status, error class, owning plugin. */
function spanDetails(span: SessionSpan): string {
  const a = span.attributes
  const plugin = a['plugin.id'] ?? a.pluginId
  return [
    a['http.response.status_code'] != null ? `http=${text(a['http.response.status_code'])}` : '',
    a['error.type'] != null ? `error.type=${text(a['error.type'])}` : '',
    plugin != null ? `plugin.id=${text(plugin)}` : '',
  ]
    .filter(Boolean)
    .join(' ')
}

function spanLine(span: SessionSpan, depth: number, note?: string): string {
  const status = `${STATUS[span.statusCode] ?? span.statusCode}${span.statusMessage ? ` (${span.statusMessage})` : ''}`
  const parts = [span.name, durationMs(span), status, span.serviceName ?? '-', spanDetails(span)]
  if (note) parts.push(note)
  return `${'  '.repeat(depth + 1)}${parts.filter(Boolean).join('  ')}`
}

/**
 * One trace as an indented tree: children under their parent by parent span id, in start order.
 * A span whose parent never arrived (not exported yet, or dropped) is printed at the root with a
 * note rather than hidden; a parent cycle cannot loop because each span is printed once.
 */
function traceLines(spans: SessionSpan[]): string[] {
  const ids = new Set(spans.map((s) => s.spanId))
  const children = new Map<string, SessionSpan[]>()
  const roots: SessionSpan[] = []
  for (const span of [...spans].sort(byStart)) {
    if (span.parentSpanId && ids.has(span.parentSpanId)) {
      const list = children.get(span.parentSpanId) ?? []
      list.push(span)
      children.set(span.parentSpanId, list)
    } else roots.push(span)
  }
  const lines: string[] = []
  const printed = new Set<SessionSpan>()
  const walk = (span: SessionSpan, depth: number, note?: string) => {
    if (printed.has(span)) return
    printed.add(span)
    lines.push(spanLine(span, depth, note))
    for (const child of children.get(span.spanId) ?? []) walk(child, depth + 1)
  }
  for (const root of roots)
    walk(root, 0, root.parentSpanId ? `(parent ${root.parentSpanId} not received)` : '')
  for (const span of spans) walk(span, 0, '(in a parent cycle)')
  return lines
}

function oneLine(body: unknown): string {
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : body == null
        ? ''
        : text(body)
  const flat = message.replace(/\s+/g, ' ').trim()
  return flat.length > MAX_BODY ? `${flat.slice(0, MAX_BODY - 1)}…` : flat
}

function logLine(log: SessionLog): string {
  const time = new Date(Number(BigInt(log.timeUnixNano) / 1_000_000n)).toISOString()
  const severity = log.severityText ?? (log.severityNumber ? `SEV${log.severityNumber}` : '-')
  const tags = ['logType', 'logCategory', 'pluginId']
    .filter((key) => log.attributes[key] != null)
    .map((key) => `${key}=${text(log.attributes[key])}`)
    .join(' ')
  return `  ${[time, severity, oneLine(log.body), tags].filter(Boolean).join('  ')}`
}

/**
 * A session as text for a terminal: a header line, each trace as an indented span tree (traces in
 * the order they started), then the log records in time order. Each span line reads
 * `name  duration  status  service  key attributes`; times are UTC so output is the same anywhere.
 */
export function formatSession(session: Session): string {
  const traces = new Map<string, SessionSpan[]>()
  for (const span of [...session.spans].sort(byStart)) {
    const list = traces.get(span.traceId) ?? []
    list.push(span)
    traces.set(span.traceId, list)
  }
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  const out = [
    `Session ${session.correlationId}: ${plural(session.spans.length, 'span')} in ${plural(traces.size, 'trace')}, ${plural(session.logs.length, 'log record')}`,
  ]
  for (const [traceId, spans] of traces) out.push('', `Trace ${traceId}`, ...traceLines(spans))
  out.push('', session.logs.length ? 'Logs' : 'Logs: none')
  const logs = [...session.logs].sort((a, b) => {
    const d = BigInt(a.timeUnixNano) - BigInt(b.timeUnixNano)
    return d < 0n ? -1 : d > 0n ? 1 : 0
  })
  out.push(...logs.map(logLine))
  return `${out.join('\n')}\n`
}
