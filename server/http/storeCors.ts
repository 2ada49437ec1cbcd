import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { servesHost } from './trustedOrigin'

/**
 * Lets a header mounted on one of the store's other pages call this API: a page whose `baseUrl`
 * input names this server from another origin (site/headerApi.ts). Only origins the server itself
 * serves are allowed (loopback names and PUBLIC_HOSTS, http/trustedOrigin.ts), never any site.
 * Without credentials: the header sends its token as a header, not as a cookie.
 */
export function storeCors(): MiddlewareHandler {
  return cors({
    origin: (origin, c) => {
      const host = hostOf(origin)
      return host !== undefined && servesHost(c, host) ? origin : null
    },
    maxAge: 600,
  })
}

function hostOf(origin: string): string | undefined {
  try {
    const url = new URL(origin)
    return /^https?:$/.test(url.protocol) ? url.host.toLowerCase() : undefined
  } catch {
    return undefined
  }
}
