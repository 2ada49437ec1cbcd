// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { migrate } from '../db/migrate'
import { openTestDatabase } from '../db/testing/testStore'
import { insertLogs, insertSpans } from '../telemetry/storeTelemetry'
import { searchLogs } from './logSearch'
import { pageLoadSpans } from './testing/pageLoadSpans'
import { traceDetail } from './traceDetail'
import { searchTraces } from './traceSearch'

let db: Database
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0)
const ns = (ms: number) => BigInt(ms) * 1_000_000n
const traceOf = (n: number) => n.toString(16).padStart(32, '0')

beforeAll(async () => {
  db = await openTestDatabase()
  await migrate(db)
  // Six page loads a minute apart: 1 and 4 failed, 2 was slow; 0–2 on cab2c, 3–5 on usb2c.
  for (let n = 0; n < 6; n++)
    await insertSpans(
      db,
      pageLoadSpans(n, {
        brand: n < 3 ? 'cab2c' : 'usb2c',
        startMs: T0 + n * 60_000,
        correlationId: `session-${n % 2}`,
        error: n === 1 || n === 4,
        slow: n === 2,
        ...(n === 3 ? { pagePath: '/c/coffee' } : {}),
        ...(n === 4 ? { lang: 'fr' } : {}),
      }),
    )
  // A page load a browser made up, page span and all: the store served no such page.
  await insertSpans(
    db,
    pageLoadSpans(6, {
      brand: 'usb2c',
      startMs: T0 + 6 * 60_000,
      correlationId: 'session-0',
      browserOnly: true,
    }),
  )
  await insertLogs(db, [
    {
      time_ns: ns(T0 + 60_000 + 310).toString(),
      observed_ns: null,
      severity_number: 17,
      severity_text: 'API_FAILURE_CODE5XX',
      body: 'customers/current failed',
      attributes: { 'additionalInfoObject.pluginId': 'auth' },
      resource: {},
      trace_id: null,
      span_id: null,
      scope_name: null,
      service_name: 'one-header',
      correlation_id: 'session-1',
    },
  ])
})
afterAll(() => db.close())

const search = (q: Partial<Parameters<typeof searchTraces>[1]> = {}) =>
  searchTraces(db, { limit: 10, offset: 0, ...q }).then((r) => ({
    ids: r.traces.map((t) => t.traceId),
    more: r.more,
  }))

describe('trace search over the summaries', () => {
  it('finds page loads by correlation id, brand, time window, status and plugin, newest first', async () => {
    expect((await search()).ids).toEqual([5, 4, 3, 2, 1, 0].map(traceOf))
    expect((await search({ correlationId: 'session-1' })).ids).toEqual([5, 3, 1].map(traceOf))
    expect((await search({ brand: 'cab2c' })).ids).toEqual([2, 1, 0].map(traceOf))
    expect((await search({ fromNs: ns(T0 + 60_000), toNs: ns(T0 + 3 * 60_000) })).ids).toEqual(
      [3, 2, 1].map(traceOf),
    )
    expect((await search({ status: 'errors' })).ids).toEqual([4, 1].map(traceOf))
    expect((await search({ status: 'slow' })).ids).toEqual([traceOf(2)])
    expect((await search({ plugin: 'loyalty', brand: 'usb2c', status: 'errors' })).ids).toEqual([traceOf(4)])
    expect((await search({ plugin: 'consent' })).ids).toEqual([])
  })

  it('searches as Tempo does: service, span name, attribute key=value, duration range, page path, language', async () => {
    const server = 'one-header-reference-server'
    expect((await search({ service: server })).ids).toEqual([5, 4, 3, 2, 1, 0].map(traceOf))
    expect((await search({ service: 'payments' })).ids).toEqual([])
    expect((await search({ spanName: 'HTTP GET customers/current', brand: 'cab2c' })).ids).toEqual(
      [2, 1, 0].map(traceOf),
    )
    expect((await search({ spanName: 'plugin.start consent' })).ids).toEqual([])
    // A value typed as 500 matches an attribute sent as a number; text matches text.
    expect((await search({ attribute: { key: 'http.response.status_code', value: '500' } })).ids).toEqual(
      [4, 1].map(traceOf),
    )
    expect(
      (await search({ attribute: { key: 'url.path', value: '/rest/v2/usb2c/customers/current' } })).ids,
    ).toEqual([5, 4, 3].map(traceOf))
    // Whole duration, first start to last end: 400 ms, or 1,630 ms for the slow one.
    expect((await search({ minDurationNs: ns(1000) })).ids).toEqual([traceOf(2)])
    expect((await search({ minDurationNs: ns(400), maxDurationNs: ns(400) })).ids).toEqual(
      [5, 4, 3, 1, 0].map(traceOf),
    )
    expect((await search({ pagePath: '/c/coffee' })).ids).toEqual([traceOf(3)])
    expect((await search({ lang: 'fr' })).ids).toEqual([traceOf(4)])
  })

  it('matches a correlation id by its start, the pattern characters as themselves', async () => {
    expect((await search({ correlationPrefix: 'session-1' })).ids).toEqual([5, 3, 1].map(traceOf))
    expect((await search({ correlationPrefix: 'sess' })).ids).toEqual([5, 4, 3, 2, 1, 0].map(traceOf))
    expect((await search({ correlationPrefix: 'sess%' })).ids).toEqual([])
    expect((await search({ correlationPrefix: 'session_' })).ids).toEqual([])
  })

  it('sorts by duration, page path, spans or errors, either way; ties newest first', async () => {
    expect((await search({ sort: 'duration' })).ids.slice(0, 2)).toEqual([2, 5].map(traceOf))
    expect((await search({ sort: 'duration', ascending: true })).ids.at(-1)).toBe(traceOf(2))
    expect((await search({ sort: 'path', ascending: true })).ids).toEqual([5, 4, 2, 1, 0, 3].map(traceOf))
    expect((await search({ sort: 'errors' })).ids.slice(0, 2)).toEqual([4, 1].map(traceOf))
  })

  it('takes a log record to its trace (the one running for its correlation id at its time), and a trace to its records', async () => {
    const { logs } = await searchLogs(db, { correlationPrefix: 'session-1', limit: 10, offset: 0 })
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ body: 'customers/current failed', plugin: 'auth', traceId: traceOf(1) })
    expect((await searchLogs(db, { traceId: traceOf(1), limit: 10, offset: 0 })).logs).toHaveLength(1)
    expect((await searchLogs(db, { traceId: traceOf(3), limit: 10, offset: 0 })).logs).toEqual([])
    expect(
      (await searchLogs(db, { text: 'CUSTOMERS/current', minSeverity: 17, limit: 10, offset: 0 })).logs,
    ).toHaveLength(1)
    expect((await searchLogs(db, { text: 'nothing like it', limit: 10, offset: 0 })).logs).toEqual([])
  })

  it('keeps page loads a browser reported alone (no page-server span) apart from served ones', async () => {
    expect((await search()).ids).not.toContain(traceOf(6))
    expect((await search({ source: 'browser' })).ids).toContain(traceOf(6))
    expect((await search({ source: 'all' })).ids.slice(0, 7)).toEqual([6, 5, 4, 3, 2, 1, 0].map(traceOf))
    const [forged] = (await searchTraces(db, { limit: 1, offset: 0, source: 'browser' })).traces
    expect(forged).toMatchObject({ rootName: 'page GET home', pageServed: false })
    expect((await search({ correlationId: 'session-0', limit: 1 })).ids).toEqual([traceOf(4)])
  })

  it('pages without counting: one more row says whether there is a next page', async () => {
    expect(await search({ limit: 4 })).toEqual({ ids: [5, 4, 3, 2].map(traceOf), more: true })
    expect(await search({ limit: 4, offset: 4 })).toEqual({ ids: [1, 0].map(traceOf), more: false })
  })

  it('keeps one summary per trace as its spans arrive, whatever the order', async () => {
    const summary = (
      await searchTraces(db, { limit: 1, offset: 0, correlationId: 'session-1', status: 'errors' })
    ).traces[0]!
    expect(summary).toMatchObject({ rootName: 'page GET home', brand: 'cab2c', spanCount: 10, errorCount: 2 })
    expect(summary.plugins.sort()).toEqual(['auth', 'logging', 'loyalty', 'nav', 'search'])
  })

  it('shows a page load as its spans in tree order with depth, and its log records linked to the span open at their time', async () => {
    const detail = (await traceDetail(db, traceOf(1)))!
    expect(detail.spans.map((s) => [s.name, s.depth])).toEqual([
      ['page GET home', 0],
      ['header.start', 1],
      ['HTTP GET cms/siteConfig', 2],
      ['plugin.start logging', 2],
      ['plugin.start nav', 2],
      ['plugin.start search', 2],
      ['plugin.start auth', 2],
      ['plugin.start loyalty', 2],
      ['HTTP GET customers/current', 2],
      ['HTTP GET /rest/v2/:brand/customers/current', 3],
    ])
    expect(detail.logs).toHaveLength(1)
    expect(detail.logs[0]).toMatchObject({ plugin: 'auth', severity: 'API_FAILURE_CODE5XX' })
    expect(detail.spans.find((s) => s.spanId === detail.logs[0]!.spanId)?.name).toBe(
      'HTTP GET /rest/v2/:brand/customers/current',
    )
  })

  it('lists a later action (its root links to a served page load) with that page load, and never lets a link make one up', async () => {
    const later = (n: number, follows: string) => ({
      ...pageLoadSpans(n, { brand: 'cab2c', startMs: T0 + 7_000, correlationId: 'session-0' })[8]!,
      parent_span_id: null,
      name: 'HTTP POST auth/login',
      kind: 3,
      links: [{ traceId: follows, spanId: follows.slice(16), attributes: {} }],
      source: 'browser' as const,
    })
    await insertSpans(db, [later(7, traceOf(0)), later(8, traceOf(6))])
    const summaries = await searchTraces(db, {
      limit: 10,
      offset: 0,
      source: 'all',
      correlationId: 'session-0',
    })
    const byId = new Map(summaries.traces.map((t) => [t.traceId, t]))
    expect(byId.get(traceOf(7))).toMatchObject({ followsTraceId: traceOf(0), pageServed: false })
    expect(byId.get(traceOf(8))).toMatchObject({ followsTraceId: null })
    // Listed with its page load and by default; the one linked to a made-up page load is browser-reported.
    expect((await search()).ids).toContain(traceOf(7))
    expect((await search({ source: 'browser' })).ids).toEqual([6, 8].map(traceOf))
    const detail = (await traceDetail(db, traceOf(0)))!
    expect(detail.later.map((t) => t.traceId)).toEqual([traceOf(7)])
    expect((await traceDetail(db, traceOf(7)))!.spans[0]).toMatchObject({
      kind: 3,
      links: [{ traceId: traceOf(0) }],
    })
  })
})
