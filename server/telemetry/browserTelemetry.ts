import { timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { type Brand, brandFromHost } from '../../site/brand'
import { clientAddress } from '../auth/requestContext'
import { parseBearer } from '../http/bearer'
import { otlpStatus } from '../http/otlpStatus'
import { servesHost } from '../http/trustedOrigin'

/**
 * Who may write telemetry, and how much. The receiver is reachable by anyone who reaches the store,
 * so what it stores must not be whatever someone sends by hand: monitoring staff read it as real.
 *
 * - A **browser** proves nothing about itself but where its page came from: its `Origin` must be one
 *   of the store's own hosts (the ones the server serves, http/trustedOrigin.ts). Its brand is taken
 *   from that host (nav spec §9), never from the attributes it sends, and it is held to a smaller
 *   body and a per-client budget, so one client cannot flood the store's traces.
 * - A **collector or SDK on the server side** has no page; it sends the ingest token as a bearer
 *   token and keeps the receiver's full limits.
 * - Anything else (no Origin and no token, another site's Origin, `Origin: null`) is refused.
 */
export type TelemetrySender = { kind: 'collector' } | { kind: 'browser'; brand: Brand; client: string }

declare module 'hono' {
  interface ContextVariableMap {
    telemetrySender: TelemetrySender
  }
}

/** The largest body a browser sends: well above the 64 KiB a page may keep in flight while it closes. */
export const BROWSER_MAX_BYTES = 256 * 1024

export interface BrowserLimits {
  /** Exports one client address may send in a minute. */
  requestsPerMinute: number
  /** Bytes (as sent) one client address may send in a minute. */
  bytesPerMinute: number
}

/**
 * Generous for a shopper (a page load sends a few batches) and for many shoppers behind one address
 * (an office, a carrier's NAT); small enough that one client cannot fill the store's tables.
 */
export const DEFAULT_BROWSER_LIMITS: BrowserLimits = {
  requestsPerMinute: 600,
  bytesPerMinute: 16 * 1024 * 1024,
}

/** Client addresses remembered at most: memory stays bounded whatever the traffic. */
const MAX_CLIENTS = 10_000
const WINDOW_MS = 60_000

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The host of an `http(s)` origin, lower case; undefined for `null` or anything else. */
function originHost(origin: string): string | undefined {
  try {
    const url = new URL(origin)
    return /^https?:$/.test(url.protocol) && url.origin === origin.toLowerCase().replace(/\/$/, '')
      ? url.host
      : undefined
  } catch {
    return undefined
  }
}

const refuse = (c: Context, status: 401 | 403 | 429, message: string) =>
  c.json(otlpStatus(status, message), status)

/**
 * Decides who sends (above) before the body is read, and counts each browser client's exports and
 * bytes per minute (fixed windows, per server instance: a flood limit, not an accounting).
 */
export function telemetrySenders(opts: {
  ingestToken?: string | undefined
  limits?: BrowserLimits
  now?: () => number
}): { classify: MiddlewareHandler; count(c: Context, bytes: number): void } {
  const limits = opts.limits ?? DEFAULT_BROWSER_LIMITS
  const now = opts.now ?? Date.now
  const windows = new Map<string, { from: number; requests: number; bytes: number }>()
  const windowOf = (client: string) => {
    const t = now()
    let w = windows.get(client)
    if (!w || t - w.from >= WINDOW_MS) {
      windows.delete(client) // re-inserted last: Map order is oldest first
      w = { from: t, requests: 0, bytes: 0 }
      windows.set(client, w)
      while (windows.size > MAX_CLIENTS) windows.delete(windows.keys().next().value!)
    }
    return w
  }
  return {
    classify: async (c, next) => {
      const authorization = c.req.header('authorization')
      if (authorization !== undefined) {
        const token = parseBearer(authorization)
        if (!opts.ingestToken || !token || !sameToken(token, opts.ingestToken))
          return refuse(
            c,
            401,
            'The bearer token is not this receiver’s ingest token (TELEMETRY_INGEST_TOKEN).',
          )
        c.set('telemetrySender', { kind: 'collector' })
        return next()
      }
      const origin = c.req.header('origin')
      if (origin === undefined)
        return refuse(
          c,
          401,
          'Send telemetry from a store page (its Origin header), or as a collector with the ingest token (Authorization: Bearer).',
        )
      const host = originHost(origin)
      if (!host || !servesHost(c, host))
        return refuse(c, 403, `Origin '${origin.slice(0, 100)}' is not one of the store's hosts.`)
      const client = clientAddress(c)
      const w = windowOf(client)
      if (w.requests >= limits.requestsPerMinute || w.bytes >= limits.bytesPerMinute) {
        c.header('retry-after', String(Math.max(1, Math.ceil((w.from + WINDOW_MS - now()) / 1000))))
        return refuse(c, 429, 'Too much telemetry from this client: wait for Retry-After seconds.')
      }
      w.requests++
      c.set('telemetrySender', { kind: 'browser', brand: brandFromHost(host), client })
      return next()
    },
    count(c, bytes) {
      const sender = c.get('telemetrySender')
      if (sender?.kind === 'browser') windowOf(sender.client).bytes += bytes
    },
  }
}
