// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SharedFirstViewRequest } from '../../contracts/firstView'
import { createApp } from '../app'
import { createServer, type ReferenceServer } from '../createServer'
import type { Database } from '../db/database'
import { testStore } from '../db/testing/testStore'

/**
 * The page server reads the CMS itself for the header's first view: a read that fails or brings data
 * of the wrong shape is its error to log (navigation spec §8), under the page's correlation id, so
 * monitoring finds it beside the header's own records of that page load.
 */

let server: ReferenceServer
let dist: string
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false, distDir: '/nonexistent/dist' })
  // A build with an entry (headerBundle.ts): the page asks for the header's first view.
  dist = mkdtempSync(join(tmpdir(), 'one-header-dist-'))
  mkdirSync(join(dist, '.vite'))
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({ 'host/main.tsx': { file: 'assets/main-a1.js', imports: [], isEntry: true } }),
  )
})
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true })
  await server.close()
})

const CORRELATION_ID = '0123abcd-0123-4567-89ab-0123456789ab-18f0a1b2c3d'

/** A page of usb2c with a known correlation id, on an app over `store`; what it logged and rendered. */
async function openPage(store: Database) {
  const logged: { line: string; error: unknown }[] = []
  const rendered: SharedFirstViewRequest[] = []
  const app = createApp({
    store,
    distDir: dist,
    log: false,
    logError: (line, error) => logged.push({ line, error }),
    firstViewRenderer: (request) => {
      rendered.push(request)
      return { chars: 0, finish: () => '<div data-first-view="">served</div>' }
    },
  })
  const res = await app.request('/', {
    headers: { host: 'localhost:4200', cookie: `CORRELATION_ID=${CORRELATION_ID}` },
  })
  return { res, logged, rendered }
}

describe('the page server’s own CMS reads', () => {
  it('a navigation component of the wrong shape is logged as an error with the page’s correlation id; the page is served', async () => {
    const { rows } = await server.db.query<{ component_uid: string }>(
      `SELECT sc.component_uid FROM cms_slot_components sc
         JOIN cms_slots s ON s.brand = sc.brand AND s.lang = sc.lang AND s.slot_id = sc.slot_id
        WHERE s.brand = 'usb2c' AND s.lang = 'en' AND s.position = 'NavigationBarSlot'
        ORDER BY sc.sort LIMIT 1`,
    )
    const uid = rows[0]?.component_uid
    expect(uid).toBeTruthy()
    // The CMS says `visible` is the string 'true' or 'false'; this one holds a number.
    await server.db.query(
      `UPDATE cms_components SET body = jsonb_set(body, '{visible}', '42'::jsonb)
        WHERE brand = 'usb2c' AND lang = 'en' AND uid = $1`,
      [uid],
    )
    try {
      const { res, logged, rendered } = await openPage(server.db)
      expect(res.status).toBe(200)
      expect(rendered).toHaveLength(1)
      expect(logged.map((l) => l.line)).toEqual([
        `[cms] cms/components read for the page is of the wrong shape at component.0.visible correlationId=${CORRELATION_ID}`,
      ])
    } finally {
      await server.db.query(
        `UPDATE cms_components SET body = jsonb_set(body, '{visible}', '"true"'::jsonb)
          WHERE brand = 'usb2c' AND lang = 'en' AND uid = $1`,
        [uid],
      )
    }
  })

  it('logs nothing for good data', async () => {
    const { res, logged } = await openPage(server.db)
    expect(res.status).toBe(200)
    expect(logged).toEqual([])
  })

  it('a failed read is logged with the page’s correlation id', async () => {
    const failing: Database = {
      ...server.db,
      query: (sql, params) =>
        /FROM cms_components WHERE/.test(sql)
          ? Promise.reject(new Error('connection reset'))
          : server.db.query(sql, params),
    }
    const { res, logged } = await openPage(failing)
    expect(res.status).toBe(200)
    expect(logged.map((l) => l.line)).toEqual([expect.stringContaining(`correlationId=${CORRELATION_ID}`)])
    expect(String(logged[0]?.error)).toContain('connection reset')
  })
})
