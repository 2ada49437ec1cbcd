// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import type { Database } from '../db/database'
import { IMMUTABLE_CACHE, safeJoin } from './assets'

// Static files need no database; a store that refuses every query proves it.
const noStore: Database = {
  description: 'none',
  query: () => Promise.reject(new Error('static files must not query the database')),
  exec: async () => {},
  withStartupLock: (work) => work(),
  close: async () => {},
}

const SCRIPT = `export const greeting = ${JSON.stringify('Hi '.repeat(2000))}\n`
let dist: string
let app: ReturnType<typeof createApp>
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'one-header-assets-'))
  mkdirSync(join(dist, 'assets'))
  mkdirSync(join(dist, '.vite'))
  writeFileSync(join(dist, 'assets', 'main-a1.js'), SCRIPT)
  writeFileSync(join(dist, 'assets', 'logo-b2.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}')
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n')
  app = createApp({ store: noStore, distDir: dist, log: false })
})
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const get = (path: string, encoding?: string) =>
  app.request(path, { headers: encoding ? { 'accept-encoding': encoding } : {} })

describe('/assets', () => {
  it('serves built files with immutable caching and the right type', async () => {
    const res = await get('/assets/main-a1.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE)
    expect(await res.text()).toBe(SCRIPT)
    expect((await get('/assets/logo-b2.png', 'br')).headers.get('content-type')).toBe('image/png')
  })

  it('compresses with brotli or gzip as the browser accepts', async () => {
    const br = await get('/assets/main-a1.js', 'gzip, deflate, br')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(SCRIPT)
    const gzip = await get('/assets/main-a1.js', 'gzip')
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT)
    expect((await get('/assets/logo-b2.png', 'br')).headers.get('content-encoding')).toBeNull()
  })

  it('never leaves dist/assets and does not cache a miss', async () => {
    // The URL parser may resolve %2e%2e before routing; either way the manifest is not served.
    for (const path of ['/assets/%2e%2e/.vite/manifest.json', '/assets/..%2f.vite%2fmanifest.json']) {
      expect((await get(path)).status, path).toBe(404)
    }
    const miss = await get('/assets/nope.js')
    expect(miss.status).toBe(404)
    expect(miss.headers.get('cache-control')).toBe('no-store')
    expect(safeJoin('/srv/dist', '../etc/passwd')).toBeUndefined()
    expect(safeJoin('/srv/dist', 'a/b.js')).toBe('/srv/dist/a/b.js')
  })
})

describe('other static files', () => {
  it('serves top-level dist files, 404s missing files and hides dot-folders', async () => {
    expect(await (await get('/robots.txt')).text()).toContain('User-agent')
    expect((await get('/favicon.ico')).status).toBe(404)
    expect((await get('/.vite/manifest.json')).status).toBe(404)
  })

  it('CMS media come from the database: without one, a 503 and never a wrong picture', async () => {
    expect((await get('/medias/header-promo-mobile-fr.svg')).status).toBe(503)
  })
})
