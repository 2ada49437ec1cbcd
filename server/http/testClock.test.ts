// @vitest-environment node
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { type AddressInfo, createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configHistory, PLUGINS_DISABLED_KEY } from '../console/configVersions'
import { consoleClient, signIn } from '../console/testing/consoleClient'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import { MAX_ADVANCE_MS, TEST_CLOCK_PATH, TestClockRefused, testClockFrom } from './testClock'

const TEST_SERVER = { TEST_CLOCK: '1', TEST_FAULTS: '1' }

describe('the test clock’s guard', () => {
  it('is off unless asked for', () => {
    expect(testClockFrom({})).toBeUndefined()
    expect(testClockFrom({ TEST_CLOCK: '0', TEST_FAULTS: '1' })).toBeUndefined()
  })

  it('is refused without the browser tests’ switches, on a published server, and for a value it does not know', () => {
    expect(() => testClockFrom({ TEST_CLOCK: '1' })).toThrow(/needs TEST_FAULTS=1/)
    expect(() => testClockFrom({ ...TEST_SERVER, PUBLIC_HOSTS: 'www.brewco.example' })).toThrow(
      /refused on a server published under PUBLIC_HOSTS/,
    )
    expect(() => testClockFrom({ TEST_CLOCK: 'yes', TEST_FAULTS: '1' })).toThrow(TestClockRefused)
  })

  it('is given on the browser tests’ server: it reads the real time until moved, only forward, by a bounded step', async () => {
    let real = 1_000_000
    const clock = testClockFrom(TEST_SERVER, () => real)!
    expect(clock.now()).toBe(1_000_000)
    const { Hono } = await import('hono')
    const app = new Hono()
    clock.register(app)
    const move = (atLeastMs: unknown) =>
      app.request(TEST_CLOCK_PATH, { method: 'POST', body: JSON.stringify({ atLeastMs }) })
    expect(await (await move(1_180_000)).json()).toEqual({ nowMs: 1_180_000 })
    real += 5
    expect(clock.now()).toBe(1_180_005)
    // Backwards: nothing moves.
    expect(await (await move(0)).json()).toEqual({ nowMs: 1_180_005 })
    expect((await move(clock.now() + MAX_ADVANCE_MS + 1)).status).toBe(400)
    expect((await move('soon')).status).toBe(400)
  })

  it('stops the server from starting when refused, before it opens any database', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'one-header-clock-')), 'pglite')
    const probe = createNetServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as AddressInfo).port
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
      env: {
        ...process.env,
        ...TEST_SERVER,
        PUBLIC_HOSTS: 'www.brewco.example',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(1)
    expect(stderr).toContain('TEST_CLOCK=1 is refused on a server published under PUBLIC_HOSTS')
    expect(existsSync(dataDir)).toBe(false)
  }, 30_000)
})

describe('a scheduled change, on a server whose clock the tests move', () => {
  let server: ReferenceServer
  let plain: ReferenceServer
  const clock = testClockFrom(TEST_SERVER)!
  beforeAll(async () => {
    server = await createServer({
      ...(await testStore()),
      log: false,
      clock: clock.now,
      extend: (app) => clock.register(app),
    })
  }, 60_000)
  afterAll(async () => {
    await server.close()
    await plain?.close()
  })

  it('is pending, then applied on the store page and written down as the next version once the clock passes its time', async () => {
    const { cookie } = await signIn(server.app, 'brand.usb2c@brewco.example', 'Switch1234')
    const team = consoleClient(server.app, cookie!)
    const page = await team.formOf('/console/brands/usb2c')
    const atMs = Math.ceil((clock.now() + 3 * 60_000) / 60_000) * 60_000
    const at = new Date(atMs).toISOString().slice(0, 16)
    const on = ['logging', 'analytics', 'consent', 'content', 'nav', 'search', 'auth']
    const scheduled = await team.post('/console/brands/usb2c/schedule', {
      csrf: page.csrf,
      basedOn: page.basedOn,
      reason: 'Perks off for the night',
      on,
      at,
    })
    expect(scheduled.status).toBe(303)
    expect((await team.formOf('/console/brands/usb2c')).html).toContain('Pending: a change scheduled for')
    // The store page's switches' version, and the header's live configuration.
    const store = async () => (await server.app.request('/', { headers: { host: 'localhost:4200' } })).text()
    const siteConfig = async () =>
      (
        await server.app.request('/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER')
      ).text()
    expect(await store()).toContain('id="pluginsVersion" value="live"')
    expect(await siteConfig()).toContain('"header.plugins.disabled","value":""')

    const moved = await server.app.request(TEST_CLOCK_PATH, {
      method: 'POST',
      body: JSON.stringify({ atLeastMs: atMs }),
    })
    expect(moved.status).toBe(200)
    expect(await store()).toContain(`id="pluginsVersion" value="v${Number(page.basedOn) + 1}"`)
    expect(await siteConfig()).toContain('"header.plugins.disabled","value":"loyalty"')
    const { versions } = await configHistory(server.db, 'usb2c', PLUGINS_DISABLED_KEY)
    expect(versions[0]).toMatchObject({
      version: Number(page.basedOn) + 1,
      reason: `Scheduled for ${at.replace('T', ' ')} UTC: Perks off for the night`,
    })
    expect((await team.formOf('/console/brands/usb2c')).html).not.toContain('Pending:')
  })

  it('has no clock to move on a server started without it', async () => {
    plain = await createServer({ ...(await testStore()), log: false })
    const res = await plain.app.request(TEST_CLOCK_PATH, {
      method: 'POST',
      body: JSON.stringify({ atLeastMs: Date.now() + 60_000 }),
    })
    expect(res.status).toBe(404)
  }, 60_000)
})
