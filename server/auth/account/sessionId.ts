import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'

/** The browser session cookie of the store (header spec §3 SESSION); the header forwards it as `x-session`. */
export const SESSION_COOKIE = 'SESSION'
export const SESSION_HEADER = 'x-session'
const SESSION_ID = /^[\w.-]{8,128}$/

/**
 * The caller's browser session: the `x-session` header, else the SESSION cookie. Without one a new
 * session starts and its cookie is set (readable by script, since the header forwards it itself).
 */
export function sessionId(c: Context): string {
  const given = c.req.header(SESSION_HEADER) ?? getCookie(c, SESSION_COOKIE)
  if (given && SESSION_ID.test(given)) return given
  const id = randomUUID()
  setCookie(c, SESSION_COOKIE, id, { path: '/', sameSite: 'Lax' })
  return id
}
