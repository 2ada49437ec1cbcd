import type { Context, MiddlewareHandler } from 'hono'

declare module 'hono' {
  interface ContextVariableMap {
    trustedHosts: TrustedHosts
  }
}

/** Which Host headers the server believes, and where it points everything else. */
export interface TrustedHosts {
  /** Host names (optionally with a port) the server is published under, besides loopback names. */
  hosts: readonly string[]
  /** The origin used when a request names a host the server does not serve. */
  fallbackOrigin: string
}

/** The store's own addresses are always these: loopback, and `*.localhost` (RFC 6761 keeps it local). */
const LOOPBACK = /^(localhost|([a-z0-9-]+\.)+localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[::1\](:\d{1,5})?$/

export const DEFAULT_TRUSTED_HOSTS: TrustedHosts = { hosts: [], fallbackOrigin: 'http://localhost:4200' }

/** Makes the configured hosts known to every handler (createApp installs it first). */
export function trustHosts(trusted: TrustedHosts): MiddlewareHandler {
  return async (c, next) => {
    c.set('trustedHosts', trusted)
    await next()
  }
}

/** The host the request names (its Host header, lower case), believed or not. */
export function requestedHost(c: Context): string {
  return (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase()
}

/** Whether `host` (as requestedHost gives it) is one the server serves: a loopback name or a configured one. */
export function servesHost(c: Context, host: string): boolean {
  const trusted = c.get('trustedHosts') ?? DEFAULT_TRUSTED_HOSTS
  const name = host.replace(/:\d{1,5}$/, '')
  const listed = trusted.hosts.map((h) => h.toLowerCase())
  return HOST.test(host) && (LOOPBACK.test(host) || listed.includes(host) || listed.includes(name))
}

/**
 * The origin a redirect or an issuer may be built from: the request's own host when it is one the
 * server serves (loopback names, or a configured one), else the configured fallback. The Host header
 * alone is never trusted: `Host: evil.example` used to turn `/v2/logout` into a redirect there.
 * Trust decides only addresses: a page's brand comes from the name asked for (pages/hostPageRoutes.ts).
 */
export function trustedOrigin(c: Context): string {
  const host = requestedHost(c)
  if (servesHost(c, host)) return `${new URL(c.req.url).protocol}//${host}`
  return (c.get('trustedHosts') ?? DEFAULT_TRUSTED_HOSTS).fallbackOrigin
}
