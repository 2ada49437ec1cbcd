import type { Context, Hono } from 'hono'
import { isBrand } from '../../site/brand'
import type { Database } from '../db/database'
import { operatorFor } from './consoleAuth'
import { can } from './operators'
import { refusal } from './pages/refusalPage'
import { SEVERITIES, type SeverityFilter, tracePage } from './pages/tracePage'
import { SOURCES, type TraceForm, tracesPage, type WITHIN } from './pages/tracesPage'
import { traceDetail } from './traceDetail'
import { searchTraces } from './traceSearch'

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

function formOf(c: Context): TraceForm {
  const q = (name: string) => (c.req.query(name) ?? '').trim()
  return {
    correlationId: q('correlationId').slice(0, 100),
    brand: isBrand(q('brand')) ? q('brand') : '',
    within: q('within') in WINDOW_MS ? q('within') : '24h',
    from: LOCAL_TIME.test(q('from')) ? q('from') : '',
    to: LOCAL_TIME.test(q('to')) ? q('to') : '',
    status: ['errors', 'slow'].includes(q('status')) ? q('status') : 'any',
    plugin: /^[a-z][a-z0-9-]{0,40}$/.test(q('plugin')) ? q('plugin') : '',
    source: q('source') in SOURCES ? q('source') : 'served',
    page: Math.min(1000, Math.max(1, Number.parseInt(q('page'), 10) || 1)),
  }
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
    const result = await searchTraces(db, {
      ...(form.correlationId ? { correlationId: form.correlationId } : {}),
      ...(form.brand ? { brand: form.brand } : {}),
      ...(fromNs !== undefined ? { fromNs } : {}),
      ...(toNs !== undefined ? { toNs } : {}),
      status: form.status as 'any' | 'errors' | 'slow',
      ...(form.plugin ? { plugin: form.plugin } : {}),
      source: form.source as keyof typeof SOURCES,
      limit: PAGE_SIZE,
      offset: (form.page - 1) * PAGE_SIZE,
    })
    c.header('cache-control', 'no-store')
    return c.html(tracesPage(found.session, form, result))
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
