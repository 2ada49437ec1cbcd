// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EarlyMeasuresPage, startEarlyMeasures } from '../../site/earlyMeasures'
import { pageHealth } from '../console/pageHealth'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'

/**
 * A shopper who leaves before the telemetry SDK has loaded: the early sender the page server wrote
 * into the page's head sends its beacon, and the receiver stores it as the page load's measures,
 * counted by the health view like the SDK's.
 */

let server: ReferenceServer
let dist: string
beforeAll(async () => {
  // A build with an entry (headerBundle.ts): the page carries the header's scripts.
  dist = mkdtempSync(join(tmpdir(), 'one-header-dist-'))
  mkdirSync(join(dist, '.vite'))
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({ 'host/main.tsx': { file: 'assets/main-a1.js', imports: [], isEntry: true } }),
  )
  server = await createServer({ ...(await testStore()), log: false, distDir: dist })
}, 60_000)
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true })
  await server.close()
})

const HOST = 'cab2c.ca.localhost:4200'
const CONSENT_ALLOWED = 'oneHeaderConsent=c9=1&c1=1&c2=0&v=2026-12&id=early-test'
const CONSENT_DENIED = 'oneHeaderConsent=c9=1&c1=0&c2=0&v=2026-12&id=early-test'

/** The page's early sender's values, as the page server wrote them into the head. */
async function servePage(cookie: string): Promise<EarlyMeasuresPage> {
  const res = await server.app.request('/fr/accueil', { headers: { host: HOST, cookie } })
  expect(res.status).toBe(200)
  const html = await res.text()
  const written = /\)\(window,(\{[^<]*?\})\)\}\)\(function/.exec(html)
  expect(written, 'the early measures sender is in the head').not.toBeNull()
  return JSON.parse(written![1]!) as EarlyMeasuresPage
}

/** Runs the sender in a stand-in page the shopper leaves at once; the beacon it sent, if any. */
function leaveAtOnce(page: EarlyMeasuresPage): { url: string; body: Blob } | undefined {
  let beacon: { url: string; body: Blob } | undefined
  const win = Object.assign(new EventTarget(), {
    innerWidth: 1280,
    document: Object.assign(new EventTarget(), { visibilityState: 'visible' }),
    crypto: globalThis.crypto,
    performance: {
      timeOrigin: Date.now() - 700,
      now: () => 700,
      getEntriesByType: (type: string) =>
        type === 'mark' ? [{ name: 'one-header:live:header.search', startTime: 480 }] : [],
    },
    navigator: {
      sendBeacon: (url: string, body: Blob) => {
        beacon = { url, body }
        return true
      },
    },
  })
  startEarlyMeasures(win, page)
  win.dispatchEvent(new Event('pagehide'))
  return beacon
}

describe('the early measures beacon', () => {
  it('is accepted from the store page and stored as the page load’s header.measures, in the health roll-up', async () => {
    const page = await servePage(CONSENT_ALLOWED)
    expect(page).toMatchObject({
      url: '/v1/traces',
      brand: 'cab2c',
      lang: 'fr',
      routeStyle: 'home',
      allowed: true,
    })
    const pageTrace = /^00-([0-9a-f]{32})-/.exec(page.traceparent ?? '')?.[1]
    expect(pageTrace).toBeDefined()
    // Left at once: the page server's span of the page load still waits for its batch, and the
    // roll-up counts only page loads whose page span is stored.
    const beacon = leaveAtOnce(page)
    expect(beacon).toBeDefined()
    // What a beacon sends: its Blob's type as the content type, the page's Origin, no other header.
    const res = await server.app.request(beacon!.url, {
      method: 'POST',
      headers: { host: HOST, origin: `http://${HOST}`, 'content-type': beacon!.body.type },
      body: await beacon!.body.text(),
    })
    expect(res.status).toBe(200)
    const { rows } = await server.db.query<{ name: string; attributes: Record<string, unknown> }>(
      `SELECT name, attributes FROM spans WHERE name = 'header.measures' AND links -> 0 ->> 'traceId' = $1`,
      [pageTrace],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]?.attributes).toMatchObject({ 'header.measures.sender': 'early', 'header.brand': 'cab2c' })
    const measured = await server.db.query<{ lang: string; route_style: string; parts: unknown }>(
      'SELECT lang, route_style, device, parts FROM page_measures WHERE trace_id = $1',
      [pageTrace],
    )
    expect(measured.rows[0]).toMatchObject({
      lang: 'fr',
      route_style: 'home',
      device: 'desktop',
      parts: { 'header.search': 480 },
    })
    const health = await pageHealth(server.db, { brand: 'cab2c', period: 'hour' }, Date.now())
    expect(health.pages).toBe(1)
    expect(health.measures.get('part:header.search')?.count).toBe(1)
  })

  it('is not sent when the shopper’s stored choice denies analytical', async () => {
    const page = await servePage(CONSENT_DENIED)
    expect(page.allowed).toBe(false)
    expect(leaveAtOnce(page)).toBeUndefined()
  })
})
