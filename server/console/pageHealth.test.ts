// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { migrate } from '../db/migrate'
import { openTestDatabase } from '../db/testing/testStore'
import { insertSpans, type SpanRow } from '../telemetry/storeTelemetry'
import { binOf, DAY_MS, HOUR_MS, pageHealth, quantile, slowestPageLoads, valueOfBin } from './pageHealth'
import { pageLoadSpans } from './testing/pageLoadSpans'

let db: Database
/** An hour's start: the seeded page loads sit in its first minutes. */
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0)
const NOW = T0 + 30 * 60_000
const traceOf = (n: number) => n.toString(16).padStart(32, '0')

/** Within the bins' 2.5 % of the exact nearest-rank value. */
const near = (value: number | undefined, exact: number) => {
  expect(value).toBeDefined()
  expect(Math.abs((value ?? 0) - exact) / exact).toBeLessThanOrEqual(0.025)
}

/** Seeds `n` page loads directly (as the seed command does) and rolls them up. */
async function seed(
  rows: { trace: string; at: number; device: string; live: number; nav: number; faults: string[] }[],
) {
  await db.query(
    `INSERT INTO page_measures (trace_id, at_ms, brand, lang, device, route_style, version, live_ms, inp_ms, cls_milli, parts, fault_plugins)
     SELECT r.trace, r.at, 'usb2c', 'en', r.device, 'home', 'live', r.live, r.live / 10, 0, jsonb_build_object('header.nav', r.nav), r.faults
     FROM jsonb_to_recordset($1::jsonb) AS r(trace text, at bigint, device text, live integer, nav integer, faults text[])`,
    [JSON.stringify(rows)],
  )
  await db.query('SELECT page_measure_roll(m) FROM page_measures m WHERE trace_id = ANY($1::text[])', [
    rows.map((r) => r.trace),
  ])
}

beforeAll(async () => {
  db = await openTestDatabase()
  await migrate(db)
  // 200 page loads in the hour from T0: live 10, 20, … 1000 ms on desktop (the first 100) and the
  // same on mobile; the navigation 5 ms later; the search plugin failed on every tenth.
  await seed(
    Array.from({ length: 200 }, (_, i) => ({
      trace: traceOf(1000 + i),
      at: T0 + i * 1000,
      device: i < 100 ? 'desktop' : 'mobile',
      live: ((i % 100) + 1) * 10,
      nav: ((i % 100) + 1) * 10 + 5,
      faults: i % 10 === 0 ? ['search'] : [],
    })),
  )
})
afterAll(() => db.close())

describe('the health view’s percentiles (a seeded set whose percentiles are known)', () => {
  it('bins values as DDSketch does: every value read back within 2.5 %', () => {
    for (const v of [1, 2, 7, 50, 299, 750, 951, 12_345, 60_000]) near(valueOfBin(binOf(v)), v)
    expect(binOf(0)).toBe(-1)
    expect(quantile(new Map([[binOf(100), 3]]), 0.95)).toBeCloseTo(valueOfBin(binOf(100)))
  })

  it.each(['hour', 'day', 'week'] as const)(
    'reads p75 and p95 of each measure and part, and the fault rate per plugin, over the last %s',
    async (period) => {
      const health = await pageHealth(db, { brand: 'usb2c', period }, NOW)
      expect(health.pages).toBe(200)
      const live = health.measures.get('live')
      expect(live?.count).toBe(200)
      // Nearest rank over 10, 20, … 1000 ms (each twice): p75 is 750 ms, p95 950 ms.
      near(live?.p75, 750)
      near(live?.p95, 950)
      near(health.measures.get('part:header.nav')?.p95, 955)
      near(health.measures.get('inp')?.p75, 75)
      expect(health.measures.get('cls')?.p95).toBe(0)
      expect(health.faults).toEqual([{ plugin: 'search', pages: 20, rate: 0.1 }])
      // Every page load is in the slot it began in.
      const slot = period === 'hour' ? T0 : period === 'day' ? T0 : T0 - (T0 % DAY_MS)
      expect(live?.slots.find((s) => s.slotMs === slot)?.count).toBe(200)
      expect(health.versions).toEqual(['live'])
    },
  )

  it('narrows to a device class, and names nothing for another brand', async () => {
    const mobile = await pageHealth(db, { brand: 'usb2c', device: 'mobile', period: 'day' }, NOW)
    expect(mobile.pages).toBe(100)
    near(mobile.measures.get('live')?.p75, 750)
    expect(mobile.faults).toEqual([{ plugin: 'search', pages: 10, rate: 0.1 }])
    const other = await pageHealth(db, { brand: 'cab2c', period: 'day' }, NOW)
    expect(other.pages).toBe(0)
    expect(other.measures.size).toBe(0)
  })

  it('goes from a moment to its slowest page loads, slowest first', async () => {
    const slowest = await slowestPageLoads(db, { brand: 'usb2c', period: 'day' }, 'live', T0, 3)
    expect(slowest.map((s) => s.value)).toEqual([1000, 1000, 990])
    const nav = await slowestPageLoads(db, { brand: 'usb2c', period: 'hour' }, 'part:header.nav', T0, 1)
    expect(nav[0]?.value).toBe(1005)
    expect(await slowestPageLoads(db, { brand: 'usb2c', period: 'day' }, 'live', T0 + HOUR_MS, 3)).toEqual([])
  })
})

describe('a browser’s measures span', () => {
  /** As the header sends it: a trace of its own, linked to page load `n`'s page span. */
  const measures = (n: number, startMs: number, attributes: Record<string, string | number>): SpanRow => ({
    trace_id: traceOf(0xfff000 + n),
    span_id: (n * 16 + 15).toString(16).padStart(16, '0'),
    parent_span_id: null,
    links: [{ traceId: traceOf(n), spanId: (n * 16).toString(16).padStart(16, '0'), attributes: {} }],
    name: 'header.measures',
    kind: 1,
    start_ns: (BigInt(startMs) * 1_000_000n).toString(),
    end_ns: (BigInt(startMs) * 1_000_000n).toString(),
    status_code: 0,
    status_message: null,
    attributes,
    events: [],
    resource: { 'service.name': 'one-header' },
    scope_name: 'one-header',
    service_name: 'one-header',
    correlation_id: 'c',
    source: 'browser',
  })
  const attributes = {
    'header.brand': 'cab2c',
    'header.lang': 'fr',
    'header.device_class': 'tablet',
    'header.route_style': 'home',
    'header.plugins.version': 'rollout:r1',
    'measure.live_ms': 812,
    'measure.lcp_ms': 640,
    'measure.inp_ms': 48,
    'measure.cls': 0.012,
    'measure.blocking_ms': 30,
    'measure.presses': 1,
    'measure.press_wait_ms': 210,
    'measure.part_live_ms.header.nav': 790,
    'measure.part_live_ms.header.search': 512,
    'measure.fault_plugins': 'loyalty,search',
  }

  it('becomes a row and is rolled up when the store served that page load', async () => {
    const at = T0 + 2 * DAY_MS
    await insertSpans(db, pageLoadSpans(1, { brand: 'cab2c', startMs: at, correlationId: 'c', lang: 'fr' }))
    await insertSpans(db, [measures(1, at + 5000, attributes)])
    const { rows } = await db.query('SELECT * FROM page_measures WHERE trace_id = $1', [traceOf(1)])
    expect(rows[0]).toMatchObject({
      brand: 'cab2c',
      lang: 'fr',
      device: 'tablet',
      route_style: 'home',
      version: 'rollout:r1',
      live_ms: 812,
      lcp_ms: 640,
      inp_ms: 48,
      cls_milli: 12,
      blocking_ms: 30,
      presses: 1,
      press_wait_ms: 210,
      parts: { 'header.nav': 790, 'header.search': 512 },
      fault_plugins: ['loyalty', 'search'],
    })
    const health = await pageHealth(
      db,
      { brand: 'cab2c', period: 'day', version: 'rollout:r1' },
      at + HOUR_MS,
    )
    expect(health.pages).toBe(1)
    near(health.measures.get('live')?.p95, 812)
    expect(health.faults.map((f) => f.plugin)).toEqual(['loyalty', 'search'])
  })

  it('is not counted for a page load the store never served, nor twice when sent again', async () => {
    const at = T0 + 3 * DAY_MS
    await insertSpans(db, [measures(2, at, attributes)])
    await insertSpans(db, pageLoadSpans(3, { brand: 'cab2c', startMs: at, correlationId: 'c' }))
    await insertSpans(db, [measures(3, at + 1000, attributes)])
    await db.query('DELETE FROM spans WHERE trace_id = $1', [traceOf(0xfff000 + 3)])
    await insertSpans(db, [measures(3, at + 1000, attributes)])
    const { rows } = await db.query<{ trace_id: string }>(
      'SELECT trace_id FROM page_measures WHERE trace_id = ANY($1::text[])',
      [[traceOf(2), traceOf(3)]],
    )
    expect(rows.map((r) => r.trace_id)).toEqual([traceOf(3)])
    const health = await pageHealth(db, { brand: 'cab2c', period: 'hour' }, at + 30 * 60_000)
    expect(health.pages).toBe(1)
  })
})
