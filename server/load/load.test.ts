// @vitest-environment node
import { existsSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testStore } from '../db/testing/testStore'
import { killUnderWrites, sigtermUnderReads } from './faults'
import { BUILT_SERVER, freePortIn, type Instance, startInstance } from './instances'
import { runLoad } from './loadLoop'

/**
 * A short run of `npm run load` (server/load/run.ts) on the built server, on the embedded database
 * or, under `npm run test:postgres`, on one PostgreSQL the instances share: a change that breaks the
 * drain, loses a stored choice or serves one shopper's header to another fails here. The figures
 * themselves come from the full run, never from this one.
 */
const started: Instance[] = []
const taken = new Set<number>()
let databaseUrl: string | undefined
const port = async () => {
  const p = await freePortIn(4460, 4499, taken)
  taken.add(p)
  return p
}
const start = async (opts: Omit<Parameters<typeof startInstance>[0], 'port' | 'databaseUrl'> = {}) => {
  // Another run of this suite side by side probes the same ports: one taken meanwhile is retried.
  const instance = await startInstance({ port: await port(), nextPort: port, databaseUrl, ...opts })
  started.push(instance)
  return instance
}

let a: Instance
let b: Instance
beforeAll(async () => {
  expect(existsSync(BUILT_SERVER), 'run `npm run build` first: the load check runs the built server').toBe(
    true,
  )
  databaseUrl = (await testStore()).databaseUrl
  // One after the other: instances started together on one PostgreSQL take turns anyway.
  // The drain's moment must outlast the balancer's notice (operations: probe period times threshold).
  // This test's balancer probes every 100 ms from the test's own process, which a busy machine
  // starves: with 800 ms it noticed late, kept connecting, and the connections still waiting to be
  // accepted when the instance stopped listening were reset (5 with another suite beside it).
  a = await start({ readinessGraceMs: 3000 })
  b = await start()
}, 180_000)
afterAll(() => {
  for (const instance of started) instance.signal('SIGKILL')
})

describe('the reference server under load and faults (short run)', () => {
  it('answers the three calls of the load check at 8 connections without an error', async () => {
    for (const path of [
      '/',
      '/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER',
      '/rest/v2/usb2c/products/searchsuggestions?lang=en&term=col',
    ]) {
      const r = await runLoad({ origin: a.origin, path, connections: 8, durationMs: 700, maxRequests: 400 })
      expect(r.failures, path).toEqual([])
      expect(r.requests, path).toBeGreaterThan(0)
    }
  }, 30_000)

  it('never serves one shopper’s header to another: three shoppers and a visitor interleaved at 16 connections', async () => {
    // Zephyrine and Yannick are the same kind of shopper (signed in, the same segments, the home
    // page): the header's shared part is drawn once for both, so only their own parts tell them
    // apart. Bartholomew's segments bring other content; the visitor sends no cookie at all.
    const people = [
      { name: 'Zephyrine', cart: '4173', segments: 'KnownUser~Purchaser', perks: 'true' },
      { name: 'Yannick', cart: '6038', segments: 'KnownUser~Purchaser', perks: 'false' },
      { name: 'Bartholomew', cart: '5291', segments: 'KnownUser~BrewerIntender', perks: 'false' },
      { name: '', cart: '', segments: '', perks: '' },
    ]
    // What each segment's shoppers see in the header's rows, and no one else (the seed's targeting).
    const SEGMENT_CONTENT: Record<string, string> = {
      'KnownUser~Purchaser': 'Thanks for your order',
      'KnownUser~BrewerIntender': 'Still choosing a brewer',
    }
    const cookie = (p: (typeof people)[number]) =>
      p.name
        ? `refresh_token=not-a-token-${p.name}; customerFirstName=${p.name}; cartCount=${p.cart}; visitorSegments=${p.segments}; isPerksOptIn=${p.perks}`
        : undefined
    const headers = (n: number): Record<string, string> => {
      const c = cookie(people[n % people.length]!)
      return c ? { cookie: c } : {}
    }
    // One page of each first, one at a time: a cold instance loads its first-view renderer then.
    for (let n = 0; n < people.length; n++)
      await runLoad({
        origin: a.origin,
        path: '/',
        headers: () => headers(n),
        connections: 1,
        durationMs: 10_000,
        maxRequests: 1,
      })
    const r = await runLoad({
      origin: a.origin,
      path: '/',
      headers,
      connections: 16,
      durationMs: 4000,
      maxRequests: 800,
      check: (n, _status, body) => {
        const me = people[n % people.length]!
        const who = me.name || 'the visitor'
        if (me.name && !body.includes(me.name)) return `${who}'s page does not greet them`
        if (!me.name && !body.includes('"shopper":{"signedIn":false'))
          return 'the visitor’s page is not a visitor’s'
        if (me.name && !body.includes(`"perksMember":${me.perks}`)) return `${who}'s page has another's perks`
        for (const other of people) {
          if (other === me || !other.name) continue
          if (body.includes(other.name)) return `${who}'s page names ${other.name}`
          if (new RegExp(`cart[^<]{0,80}${other.cart}`, 'i').test(body))
            return `${who}'s page has ${other.name}'s cart`
          const content = SEGMENT_CONTENT[other.segments]
          if (other.segments !== me.segments && content && body.includes(content))
            return `${who}'s page has ${other.name}'s segment content`
        }
        return undefined
      },
    })
    expect(r.failures).toEqual([])
    // Interleaved at all: at least six pages of each (a cold instance on a busy machine is slow).
    expect(r.requests).toBeGreaterThanOrEqual(24)
  }, 30_000)

  it('on SIGTERM says it is not ready, answers with Connection: close and resets nothing', async () => {
    const r = await sigtermUnderReads(a, b, { readers: 8, signalAfterMs: 400, limitMs: 15_000 })
    expect(r.resetCodes).toEqual([])
    expect(r.reset).toBe(0)
    expect(r.fiveHundreds).toBe(0)
    // Readiness said draining while liveness stayed up, and the answers of the drain closed their connections.
    expect(r.readyDuringDrain).toContain(503)
    expect(r.readyDuringDrain).not.toContain(200)
    expect(new Set(r.liveDuringDrain)).toEqual(new Set([200]))
    expect(r.closedWhileDraining).toBeGreaterThan(0)
    expect(r.exitCode).toBe(0)
    expect(a.output()).not.toContain('were cut')
  }, 30_000)

  it('after kill -9 under writes has every acknowledged consent choice stored once', async () => {
    const victim = b
    const r = await killUnderWrites(
      victim,
      async () => {
        // The other instance on the same PostgreSQL; on the embedded database, the same one restarted.
        if (databaseUrl) return start()
        await victim.exited
        return start({ dataDir: victim.dataDir })
      },
      { visitors: 8, killAfterMs: 600, limitMs: 2500 },
    )
    expect(r.acknowledged).toBeGreaterThan(0)
    expect(r.lost).toBe(0)
    expect(r.storedTwice).toBe(0)
    expect(r.fiveHundreds).toBe(0)
  }, 180_000)
})

describe('starting an instance for the load check', () => {
  it('never takes another process’s server on its port for its own, and moves to a free port', async () => {
    // A server of someone else's, ready on the port the instance was given, as a second run of this
    // suite side by side would be after probing the same free port first.
    const foreign = createHttpServer((_req, res) => res.end('foreign'))
    const foreignPort = await port()
    await new Promise<void>((resolve) => foreign.listen(foreignPort, '127.0.0.1', resolve))
    try {
      const instance = await startInstance({ port: foreignPort, nextPort: port, databaseUrl })
      started.push(instance)
      expect(instance.port).not.toBe(foreignPort)
      expect(await (await fetch(`${instance.origin}/healthz/live`)).text()).not.toBe('foreign')
      expect(instance.output()).toContain('One Header reference server')
    } finally {
      foreign.close()
    }
  }, 180_000)
})
