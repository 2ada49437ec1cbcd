import type { Context } from 'hono'
import { type Brand, brandFromHost, isBrand } from '../../site/brand'
import { parseBearer } from '../http/bearer'
import { AuthError } from './refusals'

/** `one-header/cab2c`, the brand agent header every call of the header's HTTP client sends. */
const BRAND_AGENT = /^one-header\/(\w+)$/

/**
 * The store brand of an `/api/auth/*` call: the `brand` header (header spec §7), else the header's
 * `x-brand-agent`, else the host name (nav spec §9). A `brand` header naming no brand is refused.
 */
export function requestBrand(c: Context): Brand {
  const given = c.req.header('brand')?.trim()
  if (given) {
    if (isBrand(given)) return given
    throw new AuthError(400, 'invalid_request', "Header 'brand' must be usb2c, cab2c or usafh.")
  }
  const agent = BRAND_AGENT.exec(c.req.header('x-brand-agent') ?? '')?.[1]
  if (isBrand(agent)) return agent
  return brandFromHost(c.req.header('host') ?? new URL(c.req.url).host)
}

/**
 * The caller's network address, for rate limits. The socket's own address, not x-forwarded-for:
 * the reference server runs without a proxy, and a forwarded header is whatever the caller wrote.
 */
export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress ?? 'local'
}

/** The `Authorization: Bearer …` token, if any. */
export function bearerToken(c: Context): string | undefined {
  return parseBearer(c.req.header('authorization'))
}
