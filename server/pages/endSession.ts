import type { Context } from 'hono'
import { deleteCookie, getCookie } from 'hono/cookie'
import { AUTH_COOKIES } from '../../contracts/auth'
import { VISITOR_SEGMENTS_COOKIE } from '../../site/visitorSegments'

/**
 * What a session leaves in the browser's cookies, which the logout page forgets (site/logoutPage.ts):
 * the tokens, who the shopper is, what the header greets them with, and what the store learnt about
 * them (the visitor's segments). The language choice, consent and the correlation id stay: they are
 * the browser's, not the shopper's.
 */
export const SESSION_COOKIES: readonly string[] = [
  AUTH_COOKIES.accessToken,
  AUTH_COOKIES.refreshToken,
  AUTH_COOKIES.rememberMe,
  AUTH_COOKIES.customerId,
  AUTH_COOKIES.isAuthenticated,
  AUTH_COOKIES.sessionExpiryDate,
  AUTH_COOKIES.customerFirstName,
  AUTH_COOKIES.cartCount,
  AUTH_COOKIES.isPerksOptIn,
  AUTH_COOKIES.isEmployee,
  AUTH_COOKIES.csAgentId,
  AUTH_COOKIES.noboSession,
  AUTH_COOKIES.isSWU,
  VISITOR_SEGMENTS_COOKIE,
]

/**
 * Ends the session in this browser: each session cookie the request carries is removed by the
 * response (path /, as the header writes them). Returns whether there was one to end.
 */
export function endSession(c: Context): boolean {
  let ended = false
  for (const name of SESSION_COOKIES) {
    if (getCookie(c, name) === undefined) continue
    deleteCookie(c, name, { path: '/' })
    ended = true
  }
  return ended
}
