import type { Context, MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { setResponseHeader } from './responseHeaders'
import { servesHost } from './trustedOrigin'

/**
 * Lets a header mounted on one of the store's other pages call this API: a page whose `baseUrl`
 * input names this server from another origin (site/headerApi.ts). Only origins the server itself
 * serves are allowed (loopback names and PUBLIC_HOSTS, http/trustedOrigin.ts), never any site.
 * Without credentials: the header sends its token as a header, not as a cookie.
 *
 * Preflights are Hono's cors middleware's. Other requests get what it would give them (the allowed
 * origin, `Vary: Origin`) set on the answer in place (http/responseHeaders.ts), as every /rest call
 * passes here and Hono's way rebuilds each answer.
 */
export function storeCors(): MiddlewareHandler {
  const allowedOrigin = (origin: string, c: Context) => {
    const host = hostOf(origin)
    return host !== undefined && servesHost(c, host) ? origin : null
  }
  const preflight = cors({ origin: allowedOrigin, maxAge: 600 })
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next)
    const origin = c.req.header('origin')
    const allowed = origin ? allowedOrigin(origin, c) : null
    await next()
    if (allowed) setResponseHeader(c, 'access-control-allow-origin', allowed)
    setResponseHeader(c, 'vary', 'Origin', { append: true })
  }
}

function hostOf(origin: string): string | undefined {
  try {
    const url = new URL(origin)
    return /^https?:$/.test(url.protocol) ? url.host.toLowerCase() : undefined
  } catch {
    return undefined
  }
}
