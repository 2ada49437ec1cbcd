import { randomUUID } from 'node:crypto'
import { Agent, request } from 'node:http'
import { type Instance, LOOPBACK } from './instances'
import { assertLoopback } from './loadLoop'

const SITE_CONFIG = '/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER'

interface Answer {
  status: number
  body: string
  connection: string | undefined
}

/** One request on `agent`; rejects with the socket's error code (ECONNREFUSED, ECONNRESET, …). */
function send(
  origin: string,
  agent: Agent,
  path: string,
  init: { method?: string; body?: string } = {},
): Promise<Answer> {
  assertLoopback(origin)
  const url = new URL(origin)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        agent,
        method: init.method ?? 'GET',
        headers: init.body ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            connection: res.headers.connection,
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(init.body)
  })
}

const codeOf = (error: unknown) =>
  (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error))

/**
 * What an instance prints when a SIGTERM starts its drain (main.ts), in the same turn as it stops
 * being ready. A signal is handled when the instance next gets the CPU: on a busy machine requests
 * and probes sent just after it was sent may still be answered as before, so what is counted as
 * "during the drain" is what was sent after this line arrived.
 */
const DRAIN_STARTED = 'SIGTERM: finishing the requests in flight'

/** A refused connection reached no server: the balancer's retry elsewhere is safe and no loss. */
const refusedCodes = new Set(['ECONNREFUSED'])

export interface DrainResult {
  requests: number
  /** Requests that were sent and then lost their connection: the drain must make this 0. */
  reset: number
  resetCodes: string[]
  /** Connections the stopping instance refused, sent to the other one. */
  refusedToOther: number
  /**
   * Answers the stopping instance gave to requests sent once it was draining, and how many said
   * Connection: close.
   */
  answeredWhileDraining: number
  closedWhileDraining: number
  /** What the probes sent once it was draining said. */
  readyDuringDrain: number[]
  liveDuringDrain: number[]
  exitCode: number | null
  fiveHundreds: number
}

/**
 * `readers` keep-alive clients read the site configuration through a balancer in front of `stopping`
 * and `other`: it sends to `stopping` until its readiness check fails (or a connection is refused),
 * then to `other`. After `signalAfterMs` `stopping` gets SIGTERM. Anything that fails after the
 * request was sent is a reset. Bounded: readers stop when `stopping` has exited, or
 * after `limitMs`.
 */
export async function sigtermUnderReads(
  stopping: Instance,
  other: Instance,
  opts: { readers: number; signalAfterMs: number; limitMs: number },
): Promise<DrainResult> {
  const result: DrainResult = {
    requests: 0,
    reset: 0,
    resetCodes: [],
    refusedToOther: 0,
    answeredWhileDraining: 0,
    closedWhileDraining: 0,
    readyDuringDrain: [],
    liveDuringDrain: [],
    exitCode: null,
    fiveHundreds: 0,
  }
  let signalled = false
  const draining = () => signalled && stopping.output().includes(DRAIN_STARTED)
  let exited = false
  // What the balancer saw on its last readiness check of the stopping instance.
  let outOfRotation = false
  const exit = stopping.exited.then((code) => {
    exited = true
    result.exitCode = code
  })
  const started = Date.now()
  const reader = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const otherAgent = new Agent({ keepAlive: true, maxSockets: 1 })
    let refused = false
    while (!exited && Date.now() - started < opts.limitMs) {
      result.requests++
      const duringDrain = draining()
      // The balancer's choice: the stopping instance until its readiness said 503 (or it refused).
      const useOther = refused || outOfRotation
      try {
        const answer = await send(
          useOther ? other.origin : stopping.origin,
          useOther ? otherAgent : agent,
          SITE_CONFIG,
        )
        if (answer.status >= 500) result.fiveHundreds++
        if (!useOther && duringDrain) {
          result.answeredWhileDraining++
          if (answer.connection === 'close') result.closedWhileDraining++
        }
      } catch (error) {
        const code = codeOf(error)
        if (!useOther && refusedCodes.has(code)) {
          result.refusedToOther++
          refused = true
        } else {
          result.reset++
          if (result.resetCodes.length < 10) result.resetCodes.push(code)
        }
      }
    }
    agent.destroy()
    otherAgent.destroy()
  }
  // The balancer's readiness check every 100 ms (the drain's grace must be longer than its period
  // times its failure threshold), and the liveness probe beside it.
  const probes = async () => {
    const agent = new Agent({ keepAlive: false })
    while (!exited && Date.now() - started < opts.limitMs) {
      for (const path of ['/healthz/ready', '/healthz/live'] as const) {
        const duringDrain = draining()
        try {
          const { status } = await send(stopping.origin, agent, path)
          if (path === '/healthz/ready' && status !== 200) outOfRotation = true
          if (duringDrain)
            (path === '/healthz/ready' ? result.readyDuringDrain : result.liveDuringDrain).push(status)
        } catch {
          // stopped listening: the probe's own refusal is the answer
          outOfRotation = true
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  const signal = new Promise<void>((resolve) =>
    setTimeout(() => {
      signalled = true
      stopping.signal('SIGTERM')
      resolve()
    }, opts.signalAfterMs),
  )
  await Promise.all([...Array.from({ length: opts.readers }, reader), probes(), signal])
  await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, 10_000))])
  return result
}

export interface KillResult {
  /** Choices sent (each with its own idempotency key) and acknowledged (200 or 201). */
  sent: number
  acknowledged: number
  /** Acknowledged choices missing from the database afterwards. */
  lost: number
  /** Records beyond one per choice. */
  storedTwice: number
  fiveHundreds: number
  resentAfterSocketError: number
}

/**
 * `visitors` store consent choices on `victim`, one after the other; after `killAfterMs` it gets
 * kill -9. A choice whose answer was lost to a socket error is re-sent with the same key to
 * `survivor()` (the other instance on the same database, or the victim restarted on its data).
 * Then every visitor's history is read back: acknowledged choices all there, none twice.
 */
export async function killUnderWrites(
  victim: Instance,
  survivor: () => Promise<Instance>,
  opts: { visitors: number; killAfterMs: number; limitMs: number },
): Promise<KillResult> {
  const result: KillResult = {
    sent: 0,
    acknowledged: 0,
    lost: 0,
    storedTwice: 0,
    fiveHundreds: 0,
    resentAfterSocketError: 0,
  }
  let other: Promise<Instance> | undefined
  const started = Date.now()
  const keysOf = new Map<string, { sent: number; acked: number }>()
  const visitor = async () => {
    const consentId = randomUUID()
    let keys = 0
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    let target: Instance = victim
    let acked = 0
    while (Date.now() - started < opts.limitMs) {
      const body = JSON.stringify({
        consentId,
        idempotencyKey: randomUUID(),
        action: keys % 2 ? 'accept' : 'reject',
        lang: 'en',
        policyVersion: '1',
        choices: { functional: true, analytical: keys % 2 === 1, targeting: false },
        gpc: false,
      })
      result.sent++
      keys++
      for (let attempt = 0; attempt < 50; attempt++) {
        try {
          const answer = await send(target.origin, agent, '/rest/v2/usb2c/consents', { method: 'POST', body })
          if (answer.status >= 500) result.fiveHundreds++
          else if (answer.status === 200 || answer.status === 201) {
            result.acknowledged++
            acked++
          }
          break
        } catch {
          if (target === victim) {
            other ??= survivor()
            target = await other
          }
          result.resentAfterSocketError++
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
      }
    }
    keysOf.set(consentId, { sent: keys, acked })
    agent.destroy()
  }
  const kill = new Promise<void>((resolve) =>
    setTimeout(() => {
      victim.signal('SIGKILL')
      resolve()
    }, opts.killAfterMs),
  )
  await Promise.all([...Array.from({ length: opts.visitors }, visitor), kill])
  const reader = await (other ?? survivor())
  const agent = new Agent({ keepAlive: true })
  for (const [consentId, { sent, acked }] of keysOf) {
    const answer = await send(reader.origin, agent, `/rest/v2/usb2c/consents/${consentId}`)
    const stored =
      answer.status === 200 ? (JSON.parse(answer.body) as { records: unknown[] }).records.length : 0
    if (stored < acked) result.lost += acked - stored
    if (stored > sent) result.storedTwice += stored - sent
  }
  agent.destroy()
  return result
}

export { LOOPBACK }
