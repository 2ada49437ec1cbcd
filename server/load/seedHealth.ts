/**
 * `npm run seed:health`: stores a week of real-user measures — 1,000,000 page loads by default
 * (HEALTH_PAGE_LOADS) spread evenly over the last 7 days, the four stores, three device classes,
 * the live switches and a 10 % roll-out — rolls them up as the receiver does, one page load at a
 * time, would (in one statement here), then times the health view's questions as the console asks
 * them: each period for each brand, 20 times, p50/p95/max.
 *
 *   DATABASE_URL=postgres://… npm run seed:health
 *   bash scripts/with-postgres.sh npm run seed:health      (a throw-away PostgreSQL)
 *
 * HEALTH_MEASURE_ONLY=1 times an already seeded database. Seeded page loads have no spans: their
 * links lead to "no such page load"; real ones lead to their waterfalls.
 */

import { type HealthFilter, PERIODS, type Period, pageHealth, slowestPageLoads } from '../console/pageHealth'
import { renderHealth } from '../console/pages/healthPage'
import { migrate } from '../db/migrate'
import { openPostgresDatabase } from '../db/postgresDatabase'
import { createTestDatabase } from '../db/testing/testStore'

const PAGE_LOADS = Number(process.env.HEALTH_PAGE_LOADS ?? 1_000_000)
const WEEK_MS = 7 * 86_400_000

/** Thirteen parts, each going live a share of the whole header's time. */
const PARTS: [string, number][] = [
  ['shell.top', 0.55],
  ['header.siteNotice', 0.6],
  ['shell.utility', 0.58],
  ['header.mobileMenu', 0.7],
  ['header.logo', 0.5],
  ['header.nav', 0.97],
  ['header.search', 0.85],
  ['header.loyalty', 0.9],
  ['header.account', 0.8],
  ['header.cart', 0.75],
  ['shell.promo', 0.62],
  ['header.sessionDialog', 0.66],
  ['header.cookieBanner', 0.93],
]

async function main() {
  const url =
    process.env.DATABASE_URL ||
    (process.env.TEST_DATABASE_URL ? await createTestDatabase(process.env.TEST_DATABASE_URL) : undefined)
  if (!url) throw new Error('set DATABASE_URL (or run under scripts/with-postgres.sh)')
  // Seeding a million rows takes longer than a shopper's query may.
  const db = await openPostgresDatabase(url, { queryTimeoutMs: 600_000 })
  const now = Date.now()
  try {
    await migrate(db)
    if (!process.env.HEALTH_MEASURE_ONLY) {
      let started = performance.now()
      await db.exec('TRUNCATE page_measures, page_measure_rollup')
      // Deterministic shapes from each row's number: the same set on every run.
      const parts = PARTS.map(
        ([part, share]) => `'${part}', round(live * ${share} * (0.9 + 0.2 * u3))::integer`,
      ).join(', ')
      await db.query(
        `INSERT INTO page_measures (trace_id, at_ms, brand, lang, device, route_style, version, live_ms, lcp_ms,
           inp_ms, cls_milli, blocking_ms, presses, press_wait_ms, parts, fault_plugins)
         SELECT md5('seed' || i), at, brand, lang, device, route_style, version, live, lcp, inp, cls, blocking,
           presses, press_wait, jsonb_build_object(${parts}), faults
         FROM (
           SELECT i, $1::bigint - (i::bigint * ${WEEK_MS}) / $2::bigint AS at,
             (ARRAY['usb2c','cab2c','cab2c','usafh'])[i % 4 + 1] AS brand,
             CASE WHEN i % 4 = 2 THEN 'fr' ELSE 'en' END AS lang,
             (ARRAY['mobile','tablet','desktop'])[(i / 4) % 3 + 1] AS device,
             (ARRAY['home','standard','standard','quiz'])[(i / 12) % 4 + 1] AS route_style,
             CASE WHEN (i / 7) % 10 = 0 THEN 'rollout:seed' ELSE 'v12' END AS version,
             round(350 + 900 * u1 * u1 + CASE WHEN (i / 12) % 3 = 0 THEN 150 ELSE 0 END)::integer AS live,
             CASE WHEN i % 5 < 2 THEN round(600 + 1800 * u2)::integer END AS lcp,
             CASE WHEN i % 3 = 0 THEN round(16 + 180 * u2 * u2 * u2)::integer END AS inp,
             CASE WHEN i % 50 = 0 THEN round(5 + 95 * u3)::integer ELSE 0 END AS cls,
             round(120 * u3 * u3 * u3 * u3)::integer AS blocking,
             CASE WHEN i % 20 = 0 THEN 1 ELSE 0 END AS presses,
             CASE WHEN i % 20 = 0 THEN round(30 + 270 * u1)::integer END AS press_wait,
             CASE WHEN i % 200 = 0 THEN ARRAY['search'] WHEN i % 500 = 1 THEN ARRAY['loyalty']
                  WHEN i % 1000 = 3 THEN ARRAY['nav'] ELSE ARRAY[]::text[] END AS faults,
             u1, u2, u3
           FROM (
             SELECT i, ((i::bigint * 7919) % 1000) / 1000.0 AS u1, ((i::bigint * 104729) % 997) / 997.0 AS u2,
               ((i::bigint * 15485863) % 991) / 991.0 AS u3
             FROM generate_series(1, $2::integer) AS i
           ) AS s
         ) AS r`,
        [String(now), PAGE_LOADS],
      )
      console.log(`stored ${PAGE_LOADS} page loads in ${Math.round(performance.now() - started)} ms`)
      started = performance.now()
      // The same expansion as page_measure_values (migration 0024), spelled out for a whole table.
      const dims = 'at_ms, brand, lang, device, version'
      const plain = [
        'live_ms:live',
        'lcp_ms:lcp',
        'inp_ms:inp',
        'cls_milli:cls',
        'blocking_ms:blocking',
        'press_wait_ms:press_wait',
      ]
        .map((pair) => {
          const [column, measure] = pair.split(':')
          return `SELECT ${dims}, '${measure}' AS measure, ${column} AS value FROM page_measures WHERE ${column} IS NOT NULL`
        })
        .join(' UNION ALL ')
      // Hours with every dimension from the page loads; then the cube's '*' rows and the days from
      // those hours (sums of counts), far cheaper than expanding the page loads again.
      await db.exec(`
        INSERT INTO page_measure_rollup (grain_ms, slot_ms, brand, lang, device, version, measure, bin, count)
        SELECT 3600000, v.at_ms - v.at_ms % 3600000, v.brand, v.lang, v.device, v.version,
               v.measure, health_bin(v.value), count(*)
        FROM (
          SELECT ${dims}, 'pages' AS measure, NULL::integer AS value FROM page_measures
          UNION ALL ${plain}
          UNION ALL SELECT ${dims}, 'part:' || p.key, p.value::integer FROM page_measures, jsonb_each_text(parts) AS p
          UNION ALL SELECT ${dims}, 'fault:' || f, NULL FROM page_measures, unnest(fault_plugins) AS f
        ) AS v
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
        INSERT INTO page_measure_rollup (grain_ms, slot_ms, brand, lang, device, version, measure, bin, count)
        SELECT grain_ms, slot_ms, brand, coalesce(lang, '*'), coalesce(device, '*'), coalesce(version, '*'),
               measure, bin, sum(count)
        FROM page_measure_rollup WHERE grain_ms = 3600000
        GROUP BY grain_ms, slot_ms, brand, measure, bin,
          GROUPING SETS ((lang, device), (lang, version), (device, version), (lang), (device), (version), ());
        INSERT INTO page_measure_rollup (grain_ms, slot_ms, brand, lang, device, version, measure, bin, count)
        SELECT 86400000, slot_ms - slot_ms % 86400000, brand, lang, device, version, measure, bin, sum(count)
        FROM page_measure_rollup WHERE grain_ms = 3600000
        GROUP BY 2, brand, lang, device, version, measure, bin;
        ANALYZE page_measures;
        ANALYZE page_measure_rollup;`)
      const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM page_measure_rollup')
      console.log(`rolled up into ${rows[0]?.n} rows in ${Math.round(performance.now() - started)} ms`)
    }
    // The health view's questions, as the console asks them (the whole page: queries and drawing).
    for (const period of Object.keys(PERIODS) as Period[]) {
      const times: number[] = []
      const figures: number[] = []
      const lists: number[] = []
      for (let run = 0; run < 20; run++)
        for (const brand of ['usb2c', 'cab2c', 'usafh']) {
          // As the route asks: the figures and a point's slowest page loads together, then the page.
          const filter: HealthFilter = { brand, period }
          const at = now - (now % PERIODS[period].slotMs) - PERIODS[period].slotMs
          const started = performance.now()
          const [health, slowest] = await Promise.all([
            pageHealth(db, filter, now).then((h) => {
              figures.push(performance.now() - started)
              return h
            }),
            slowestPageLoads(db, filter, 'live', at).then((l) => {
              lists.push(performance.now() - started)
              return l
            }),
          ])
          renderHealth(filter, health, { measure: 'live', at, loads: slowest })
          times.push(performance.now() - started)
        }
      const pick = (all: number[], q: number) => {
        const sorted = [...all].sort((a, b) => a - b)
        return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!)
      }
      console.log(
        `${PERIODS[period].label}: p50 ${pick(times, 0.5)} ms, p95 ${pick(times, 0.95)} ms, max ${pick(times, 1)} ms over ${times.length} views (figures p95 ${pick(figures, 0.95)} ms, slowest page loads p95 ${pick(lists, 0.95)} ms)`,
      )
    }
  } finally {
    await db.close()
  }
}

await main()
