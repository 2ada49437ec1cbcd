import type { Context, Hono } from 'hono'
import { isBrand } from '../../site/brand'
import type { Database } from '../db/database'
import { operatorFor } from './consoleAuth'
import { searchLogs } from './logSearch'
import { can } from './operators'
import { type LogForm, logsPage, severityFloor } from './pages/logsPage'
import { refusal } from './pages/refusalPage'
import { SEVERITIES, type SeverityFilter, tracePage } from './pages/tracePage'
import { SOURCES, type TraceForm, tracesPage, type WITHIN } from './pages/tracesPage'
import { traceDetail } from './traceDetail'
import { SORTS, type SortKey, searchTraces } from './traceSearch'

const PAGE_SIZE = 25
const WINDOW_MS: Record<keyof typeof WITHIN, number | undefined> = {
  '15m': 15 * 60_000,
  '1h': 60 * 60_000,
  '24h': 24 * 60 * 60_000,
  '7d': 7 * 24 * 60 * 60_000,
  all: undefined,
}
const TRACE_ID = /^[0-9a-f]{32}$/
const SPAN_ID = /^[0-9a-f]{16}$/
/** `datetime-local` values, read as UTC. */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/

const nsOf = (ms: number) => BigInt(ms) * 1_000_000n
/** A duration in milliseconds as typed: digits, optionally with a fraction. */
const DURATION_MS = /^\d{1,9}(\.\d{1,3})?$/
const nsOfMs = (text: string) => BigInt(Math.round(Number(text) * 1e6))

function formOf(c: Context): TraceForm {
  const q = (name: string) => (c.req.query(name) ?? '').trim()
  return {
    correlationId: q('correlationId').slice(0, 100),
    brand: isBrand(q('brand')) ? q('brand') : '',
    within: q('within') in WINDOW_MS ? q('within') : '24h',
    from: LOCAL_TIME.test(q('from')) ? q('from') : '',
    to: LOCAL_TIME.test(q('to')) ? q('to') : '',
    status: ['errors', 'ok', 'slow'].includes(q('status')) ? q('status') : 'any',
    plugin: /^[a-z][a-z0-9-]{0,40}$/.test(q('plugin')) ? q('plugin') : '',
    source: q('source') in SOURCES ? q('source') : 'served',
    service: q('service').slice(0, 100),
    spanName: q('spanName').slice(0, 200),
    attribute: q('attribute').slice(0, 300),
    minMs: DURATION_MS.test(q('minMs')) ? q('minMs') : '',
    maxMs: DURATION_MS.test(q('maxMs')) ? q('maxMs') : '',
    pagePath: q('pagePath').startsWith('/') ? q('pagePath').slice(0, 300) : '',
    lang: ['en', 'fr'].includes(q('lang')) ? q('lang') : '',
    sort: q('sort') in SORTS ? q('sort') : 'started',
    dir: q('dir') === 'asc' ? 'asc' : 'desc',
    page: Math.min(1000, Math.max(1, Number.parseInt(q('page'), 10) || 1)),
  }
}

/** `key=value`, the key an attribute name (letters, digits, `.`, `_`, `-`), the value anything after the first `=`. */
function attributeOf(text: string): { key: string; value: string } | undefined {
  const at = text.indexOf('=')
  if (at < 1) return undefined
  const key = text.slice(0, at).trim()
  return /^[A-Za-z0-9._-]{1,100}$/.test(key) ? { key, value: text.slice(at + 1).trim() } : undefined
}

/**
 * `/console/traces`: the monitoring role's (and admins') search of page loads and one page load as
 * a waterfall with its log records. Read only: no form here changes anything.
 */
export function registerTraceRoutes(app: Hono, db: Database): void {
  app.get('/console/traces', async (c) => {
    const found = await operatorFor(c, db, can.readTraces)
    if ('refused' in found) return found.refused
    const form = formOf(c)
    const windowMs = WINDOW_MS[form.within as keyof typeof WITHIN]
    const fromNs = form.from
      ? nsOf(Date.parse(`${form.from}Z`))
      : windowMs
        ? nsOf(Date.now() - windowMs)
        : undefined
    const toNs = form.to ? nsOf(Date.parse(`${form.to}Z`)) : undefined
    const attribute = attributeOf(form.attribute)
    const result = await searchTraces(db, {
      // What is typed is matched as a prefix: an id copied from a log line is often cut short.
      ...(form.correlationId ? { correlationPrefix: form.correlationId } : {}),
      ...(form.service ? { service: form.service } : {}),
      ...(form.spanName ? { spanName: form.spanName } : {}),
      ...(attribute ? { attribute } : {}),
      ...(form.minMs ? { minDurationNs: nsOfMs(form.minMs) } : {}),
      ...(form.maxMs ? { maxDurationNs: nsOfMs(form.maxMs) } : {}),
      ...(form.pagePath ? { pagePath: form.pagePath } : {}),
      ...(form.lang ? { lang: form.lang } : {}),
      sort: form.sort as SortKey,
      ascending: form.dir === 'asc',
      ...(form.brand ? { brand: form.brand } : {}),
      ...(fromNs !== undefined ? { fromNs } : {}),
      ...(toNs !== undefined ? { toNs } : {}),
      status: form.status as 'any' | 'errors' | 'ok' | 'slow',
      ...(form.plugin ? { plugin: form.plugin } : {}),
      source: form.source as keyof typeof SOURCES,
      limit: PAGE_SIZE,
      offset: (form.page - 1) * PAGE_SIZE,
    })
    c.header('cache-control', 'no-store')
    const problem =
      form.attribute && !attribute
        ? `The attribute filter must be key=value (for example http.response.status_code=401); '${form.attribute.slice(0, 80)}' was left out.`
        : undefined
    return c.html(tracesPage(found.session, form, problem ? { ...result, problem } : result))
  })

  app.get('/console/logs', async (c) => {
    const found = await operatorFor(c, db, can.readTraces)
    if ('refused' in found) return found.refused
    const q = (name: string) => (c.req.query(name) ?? '').trim()
    const form: LogForm = {
      correlationId: q('correlationId').slice(0, 100),
      traceId: TRACE_ID.test(q('traceId')) ? q('traceId') : '',
      severity: q('severity') in SEVERITIES ? q('severity') : 'all',
      text: q('text').slice(0, 200),
      // A trace's records are found by the trace, whenever they were written.
      within: q('within') in WINDOW_MS ? q('within') : q('traceId') ? 'all' : '24h',
      page: Math.min(1000, Math.max(1, Number.parseInt(q('page'), 10) || 1)),
    }
    const windowMs = WINDOW_MS[form.within as keyof typeof WITHIN]
    const result = await searchLogs(db, {
      ...(form.correlationId ? { correlationPrefix: form.correlationId } : {}),
      ...(form.traceId ? { traceId: form.traceId } : {}),
      ...(form.text ? { text: form.text } : {}),
      minSeverity: severityFloor(form.severity),
      ...(windowMs ? { fromNs: nsOf(Date.now() - windowMs) } : {}),
      limit: PAGE_SIZE * 2,
      offset: (form.page - 1) * PAGE_SIZE * 2,
    })
    c.header('cache-control', 'no-store')
    return c.html(logsPage(found.session, form, result))
  })

  app.get('/console/traces/:traceId', async (c) => {
    const found = await operatorFor(c, db, can.readTraces)
    if ('refused' in found) return found.refused
    const traceId = c.req.param('traceId')
    const detail = TRACE_ID.test(traceId) ? await traceDetail(db, traceId) : undefined
    if (!detail)
      return refusal(
        c,
        404,
        'No such page load',
        `No trace ${traceId} is stored (it may not have arrived yet).`,
        {
          href: '/console/traces',
          label: 'Search page loads',
        },
      )
    const severity = (c.req.query('severity') ?? 'all') as SeverityFilter
    c.header('cache-control', 'no-store')
    return c.html(
      tracePage(found.session, detail, {
        severity: severity in SEVERITIES ? severity : 'all',
        plugin: c.req.query('plugin') ?? '',
        ...(SPAN_ID.test(c.req.query('span') ?? '') ? { span: c.req.query('span')! } : {}),
      }),
    )
  })
}
