import type { Context } from 'hono'
import { deleteCookie, getCookie } from 'hono/cookie'
import { AUTH_COOKIES, SESSION_COOKIES } from '../../contracts/auth'
import { VISITOR_SEGMENTS_COOKIE } from '../../site/visitorSegments'

/**
 * What a session leaves in the browser's cookies, which the logout page forgets (site/logoutPage.ts):
 * the session's own cookies, the ones the header clears when it signs out (contracts/auth.ts), and
 * what the store learnt about the shopper (the visitor's segments). The language choice, consent and
 * the correlation id stay: they are the browser's, not the shopper's.
 */
export const ENDED_COOKIES: readonly string[] = [...SESSION_COOKIES, VISITOR_SEGMENTS_COOKIE]

/** Whether the request carries a customer's session (its access or refresh token). */
export const hasSession = (c: Context): boolean =>
  Boolean(getCookie(c, AUTH_COOKIES.refreshToken) || getCookie(c, AUTH_COOKIES.accessToken))

/**
 * Ends the session, on the store's side and in this browser, unless the request is a prefetch (a
 * hovered link, a speculation rule: only a visit ends a session).
 *
 * - The refresh token the request carries is revoked with its whole family, as `/api/auth/logout`
 *   does, so a copy of it taken before (a shared computer's cookie jar, a proxy log) refreshes
 *   nothing afterwards. A failure there is told to `onRevokeFailed`: the browser's cookies go anyway.
 * - Each of the session's cookies the request carries is removed by the response (path /, as the
 *   header writes them), and the rest of this request is served as if it had never carried them,
 *   so whatever reads its cookies next (the shopper, the segments, the site notice) sees nobody.
 *
 * Returns whether there was anything to end in the browser.
 */
export async function endSession(
  c: Context,
  store: {
    tokens?: { revoke(refreshToken: string): Promise<void> } | undefined
    onRevokeFailed?: (error: unknown) => void
  } = {},
): Promise<boolean> {
  if (isPrefetch(c)) return false
  const refresh = getCookie(c, AUTH_COOKIES.refreshToken)
  if (store.tokens && refresh && refresh.length <= 512)
    await store.tokens.revoke(refresh).catch((error: unknown) => store.onRevokeFailed?.(error))
  const carried = ENDED_COOKIES.filter((name) => getCookie(c, name) !== undefined)
  for (const name of carried) deleteCookie(c, name, { path: '/' })
  if (carried.length === 0) return false
  const ended = new Set(carried)
  const kept = (c.req.raw.headers.get('cookie') ?? '')
    .split(';')
    .filter((pair) => !ended.has(pair.split('=')[0]?.trim() ?? ''))
    .join(';')
  const headers = new Headers(c.req.raw.headers)
  headers.set('cookie', kept)
  c.req.raw = new Request(c.req.raw, { headers })
  return true
}

/** A request the browser makes ahead of a visit (`Sec-Purpose: prefetch`, or the older `Purpose`). */
function isPrefetch(c: Context): boolean {
  return /prefetch/i.test(c.req.header('sec-purpose') ?? c.req.header('purpose') ?? '')
}
