import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import {
  CORRELATION_COOKIE,
  CORRELATION_HEADER,
  generateCorrelationId,
  isUsableCorrelationId,
} from '../../site/correlationId'

/** The request's CORRELATION_ID cookie when it holds a usable id (site/correlationId.ts), else null. */
export function cookieCorrelationId(c: Context): string | null {
  const value = getCookie(c, CORRELATION_COOKIE)
  return isUsableCorrelationId(value) ? value : null
}

/**
 * The shopper's session a request belongs to: its `x-correlation-id` header, else its CORRELATION_ID
 * cookie — the page's preloaded start-up calls and navigations cannot send a header, but carry the
 * cookie — when usable; null for a request from no browser session.
 */
export function browserCorrelationId(c: Context): string | null {
  const given = c.req.header(CORRELATION_HEADER)
  return isUsableCorrelationId(given) ? given : cookieCorrelationId(c)
}

/**
 * The page's correlation id, for a host page: the CORRELATION_ID cookie when usable, else a new id
 * stored in that cookie by this response (nav spec §9: Path=/, SameSite=Strict, Secure on https). Set
 * before the page's head is read, so the preloaded start-up calls already carry the id the header
 * will adopt (kernel/telemetry/correlationId.ts) instead of each being filed under none.
 */
export function ensureCorrelationCookie(c: Context): string {
  const existing = cookieCorrelationId(c)
  if (existing) return existing
  const id = generateCorrelationId()
  setCookie(c, CORRELATION_COOKIE, id, {
    path: '/',
    sameSite: 'Strict',
    secure: new URL(c.req.url).protocol === 'https:',
  })
  return id
}
