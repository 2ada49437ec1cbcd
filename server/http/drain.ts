import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { setTimeout as delay } from 'node:timers/promises'

/** The probes a load balancer or Kubernetes asks (docs/operations.md, "Stop"). */
export const READINESS_PATH = '/healthz/ready'
export const LIVENESS_PATH = '/healthz/live'

export interface DrainOptions {
  /**
   * How long the instance keeps listening and answering after the signal while saying it is not
   * ready, so the balancer's readiness checks see the 503 and stop sending it new shoppers.
   */
  readinessGraceMs: number
  /** After it stops listening, how long requests still in flight may run before they are cut. */
  inFlightLimitMs: number
  log: (line: string) => void
}

export interface Drain {
  /** The probes' answer for a request, or undefined when the request is not a probe. */
  probe(request: Request, started: boolean): Response | undefined
  readonly draining: boolean
  /** Runs the whole drain; resolves once every connection is closed (true when some had to be cut). */
  drain(): Promise<boolean>
}

const text = (status: number, body: string) =>
  new Response(`${body}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })

/**
 * Stopping an instance without resetting a request. The order:
 * 1. not ready: the readiness probe answers 503 (liveness stays 200, so nothing restarts the
 *    instance), while it keeps listening and answering everything for `readinessGraceMs`; from now on
 *    every answer says `Connection: close`, so a keep-alive client that sends on an open connection
 *    gets its answer and then a closed connection, and asks again on a new one (which the balancer
 *    sends elsewhere once it has seen the 503);
 * 2. it stops listening (new connections are refused and go to another instance) and closes the
 *    keep-alive connections that are idle;
 * 3. it waits for the answers in flight (each closes its connection), up to `inFlightLimitMs`, then
 *    cuts what is left and says so.
 * Idle connections are never closed at the signal: a client may be writing its next request on one at
 * that moment, and closing it then is the reset this order avoids.
 */
export function createDrain(http: Server, opts: DrainOptions): Drain {
  let draining = false
  const answering = new Set<ServerResponse>()
  const closeIdle = () => http.closeIdleConnections()
  http.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    answering.add(response)
    if (draining) response.shouldKeepAlive = false
    response.on('close', () => {
      answering.delete(response)
      if (!http.listening && draining) setImmediate(closeIdle)
    })
  })
  return {
    get draining() {
      return draining
    },
    probe(request, started) {
      const path = new URL(request.url).pathname
      if (path === LIVENESS_PATH) return text(200, 'live')
      if (path !== READINESS_PATH) return undefined
      if (draining) return text(503, 'draining')
      return started ? text(200, 'ready') : text(503, 'starting')
    },
    async drain() {
      draining = true
      for (const response of answering) if (!response.headersSent) response.shouldKeepAlive = false
      if (opts.readinessGraceMs > 0) {
        opts.log(`Not ready: answering for ${opts.readinessGraceMs} ms more while the balancer notices…`)
        await delay(opts.readinessGraceMs)
      }
      const closed = new Promise<void>((resolve) => http.close(() => resolve()))
      closeIdle()
      const late = await Promise.race([
        closed.then(() => false),
        delay(opts.inFlightLimitMs).then(() => true),
      ])
      if (late) {
        opts.log(`Requests still running after ${opts.inFlightLimitMs} ms were cut.`)
        http.closeAllConnections()
      }
      return late
    },
  }
}
