// @vitest-environment node
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { Agent, get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect, createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { testStore } from './db/testing/testStore'

it('says a taken port at once, before it opens any database', async () => {
  const taken = createNetServer()
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
  const port = (taken.address() as AddressInfo).port
  const dataDir = join(mkdtempSync(join(tmpdir(), 'one-header-port-')), 'pglite')
  try {
    const started = performance.now()
    const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(1)
    expect(stderr).toContain(`Port ${port} is taken`)
    // The database was never opened: the data folder a second server would share was not created.
    expect(existsSync(dataDir)).toBe(false)
    expect(performance.now() - started).toBeLessThan(20_000)
  } finally {
    taken.close()
  }
}, 30_000)

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createNetServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const port = (probe.address() as AddressInfo).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(true))
  })

/**
 * `npm start` as a supervisor runs it (npm's own pre-step, the build, is skipped: `npm test` builds
 * before the suites run). SIGTERM goes to npm, not to the server: before, npm's shell died and left
 * the server running on its port, and a signal to the server cut the requests in flight.
 */
it.each(['SIGTERM', 'SIGINT'] as const)(
  'stops on %s sent to npm start, after finishing the request in flight',
  async (signal) => {
    expect(
      existsSync('dist-server/main.mjs'),
      'run `npm run build` first: npm start runs the built server',
    ).toBe(true)
    const port = await freePort()
    const dataDir = join(mkdtempSync(join(tmpdir(), 'one-header-stop-')), 'pglite')
    const store = await testStore()
    const npm = spawn('npm', ['start', '--ignore-scripts', '--silent'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: store.databaseUrl ?? '',
        LOG_REQUESTS: '0',
        TEST_FAULTS: '1',
        // A short moment of saying "not ready" before it stops listening (http/drain.ts).
        DRAIN_READINESS_MS: '300',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so the clean-up below reaches a server left behind by a failure.
      detached: true,
    })
    let output = ''
    npm.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    npm.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const exited = new Promise<number | null>((resolve) => npm.on('exit', resolve))
    try {
      await expect
        .poll(() => output, { timeout: 50_000, interval: 100 })
        .toContain('One Header reference server')
      // A request that takes 1.5 s on the server is in flight when the signal arrives.
      // A client that keeps its connection open as long as the server lets it (fetch gives up after
      // 4 s of its own): the server must close it after the answer, not wait for the drain limit.
      const agent = new Agent({ keepAlive: true })
      const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const path = '/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER'
        get({ host: '127.0.0.1', port, path, agent, headers: { 'x-test-delay': '1500' } }, (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString()
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        }).on('error', reject)
      })
      await new Promise((resolve) => setTimeout(resolve, 400))
      const signalled = performance.now()
      npm.kill(signal)
      const answer = await inFlight
      expect(answer.status).toBe(200)
      expect((JSON.parse(answer.body) as { messageItems?: unknown }).messageItems).toBeDefined()
      await exited
      // It stopped with the last answer, not at the 5 s drain limit.
      expect(performance.now() - signalled).toBeLessThan(4000)
      expect(output).not.toContain('were cut')
      expect(output).toContain('finishing the requests in flight, then closing the database')
      expect(output).toContain('Stopped.')
      // Nothing was left behind on the port.
      expect(await refused(port)).toBe(true)
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL')
      } catch {
        // the group is gone: nothing left behind
      }
    }
  },
  60_000,
)
