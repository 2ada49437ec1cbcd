import { Agent, request } from 'node:http'
import { LOOPBACK } from './instances'

export interface LoadOptions {
  /** A loopback address (http://127.0.0.1:port); anything else is refused. */
  origin: string
  path: string | ((n: number) => string)
  headers?: Record<string, string> | ((n: number) => Record<string, string>)
  connections: number
  /** Stops sending after this long… */
  durationMs: number
  /** …or after this many requests, whichever comes first. */
  maxRequests: number
  /** Looks at each answer; a string is a failure counted as an error (e.g. another shopper's data). */
  check?: (n: number, status: number, body: string) => string | undefined
}

export interface LoadResult {
  requests: number
  errors: number
  /** The first few failures, for the report. */
  failures: string[]
  reqPerSec: number
  p50: number
  p99: number
}

/** Refuses any address that is not this machine's loopback. */
export function assertLoopback(origin: string) {
  const host = new URL(origin).hostname
  if (host !== LOOPBACK && host !== 'localhost' && host !== '[::1]')
    throw new Error(`The load check sends only to this machine (${LOOPBACK}), not to ${host}.`)
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0)

/**
 * A closed loop: `connections` keep-alive clients each send their next request when the last is
 * answered, until the time or the count runs out. Latency is from sending to the last byte.
 */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  assertLoopback(opts.origin)
  const url = new URL(opts.origin)
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections })
  const latencies: number[] = []
  const failures: string[] = []
  let errors = 0
  let sent = 0
  const started = performance.now()
  const end = started + opts.durationMs
  const one = (n: number) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now()
      const path = typeof opts.path === 'function' ? opts.path(n) : opts.path
      const headers = typeof opts.headers === 'function' ? opts.headers(n) : opts.headers
      const fail = (why: string) => {
        errors++
        if (failures.length < 5) failures.push(why)
        resolve()
      }
      request({ host: url.hostname, port: url.port, path, agent, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', (error) => fail(`${path}: ${error.message}`))
        res.on('end', () => {
          latencies.push(performance.now() - t0)
          const status = res.statusCode ?? 0
          const body = Buffer.concat(chunks).toString()
          const problem = status >= 400 ? `${path}: ${status}` : opts.check?.(n, status, body)
          if (problem) fail(problem)
          else resolve()
        })
      })
        .on('error', (error) => fail(`${path}: ${error.message}`))
        .end()
    })
  const client = async () => {
    while (performance.now() < end && sent < opts.maxRequests) await one(sent++)
  }
  await Promise.all(Array.from({ length: opts.connections }, client))
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    requests: sent,
    errors,
    failures,
    reqPerSec: sent / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  }
}
