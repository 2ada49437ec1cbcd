// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import { HOUR_MS } from './pageHealth'
import { consoleClient, signIn } from './testing/consoleClient'

let server: ReferenceServer
/** Ten minutes ago: inside the last hour, day and week whenever the test runs. */
const AT = Date.now() - 10 * 60_000
const SLOT = AT - (AT % HOUR_MS)
const traceOf = (n: number) => n.toString(16).padStart(32, '0')

beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
  // 100 page loads: live 10, 20, … 1000 ms; the navigation 100 ms later than the whole header
  // (over its budget at p95), the search box 20 ms; loyalty failed on every fourth.
  const rows = Array.from({ length: 100 }, (_, i) => ({
    trace: traceOf(500 + i),
    at: AT + i,
    live: (i + 1) * 10,
    faults: i % 4 === 0 ? ['loyalty'] : [],
  }))
  await server.db.query(
    `INSERT INTO page_measures (trace_id, at_ms, brand, lang, device, route_style, version, live_ms, inp_ms, cls_milli, parts, fault_plugins)
     SELECT r.trace, r.at, 'usb2c', 'en', 'desktop', 'home', 'v3', r.live, 40, 0,
       jsonb_build_object('header.nav', r.live + 100, 'header.search', 20), r.faults
     FROM jsonb_to_recordset($1::jsonb) AS r(trace text, at bigint, live integer, faults text[])`,
    [JSON.stringify(rows)],
  )
  await server.db.query('SELECT page_measure_roll(m) FROM page_measures m')
}, 60_000)
afterAll(() => server.close())

const monitor = async () =>
  consoleClient(server.app, (await signIn(server.app, 'monitor@brewco.example', 'Watch1234')).cookie!)

describe('/console/health', () => {
  it.each(['hour', 'day', 'week'])(
    'charts p75 and p95 with the budget over the last %s, names the worst parts and the fault rate, with tables as text',
    async (period) => {
      const res = await (await monitor()).get(`/console/health?brand=usb2c&period=${period}`)
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain('100 page loads')
      // Header live: nearest rank over 10 … 1000 ms, within the bins' 2.5 %.
      const [p75, p95] = [...html.matchAll(/p(?:75|95) <strong>([\d,]+) ms<\/strong>/g)].map((m) =>
        Number(m[1]?.replace(',', '')),
      )
      expect(Math.abs((p75 ?? 0) - 750) / 750).toBeLessThanOrEqual(0.025)
      expect(Math.abs((p95 ?? 0) - 950) / 950).toBeLessThanOrEqual(0.025)
      expect(html).toContain('budget 750 ms')
      expect(html).toContain('<path class="p95"')
      expect(html).toContain('<path class="p75"')
      expect(html).toContain('The chart as a table')
      expect(html).toMatch(
        /Worst parts \(p95 time to live\): <strong>header\.nav<\/strong> 1,\d{3} ms \(over budget\), <strong>header\.search<\/strong> 20 ms/,
      )
      expect(html).toMatch(/<td>loyalty<\/td><td>25<\/td><td>25\.00 %<\/td>/)
      expect(html).toContain('<option value="v3">v3</option>')
    },
  )

  it('lists the slowest page loads of a moment, each linked to its waterfall', async () => {
    const html = await (
      await (await monitor()).get(`/console/health?brand=usb2c&period=day&measure=live&at=${SLOT}`)
    ).text()
    const slowest = html.slice(html.indexOf('id="slowest"'))
    const links = [...slowest.matchAll(/href="\/console\/traces\/([0-9a-f]{32})"/g)].map((m) => m[1])
    expect(links.slice(0, 3)).toEqual([traceOf(599), traceOf(598), traceOf(597)])
    expect(slowest).toContain('<td>1,000 ms</td>')
  })

  it('shows nothing of another store, and is not a brand team’s page', async () => {
    const other = await (await (await monitor()).get('/console/health?brand=cab2c&period=week')).text()
    expect(other).toContain('No page load measured for this choice.')
    const team = await signIn(server.app, 'brand.usb2c@brewco.example', 'Switch1234')
    expect((await consoleClient(server.app, team.cookie!).get('/console/health')).status).toBe(403)
  })
})
