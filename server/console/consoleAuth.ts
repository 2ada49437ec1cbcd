import { timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { Database } from '../db/database'
import { type OperatorSession, readOperatorSession } from './operatorSessions'
import type { Operator } from './operators'
import { refusal } from './pages/refusalPage'

/**
 * The console's own session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's
 * page sends it), only under /console, Secure when served over https. The store's cookies and
 * bearer tokens are never read here.
 */
export const CONSOLE_COOKIE = 'oh_console'

export const consoleCookieOptions = (c: Context) =>
  ({
    httpOnly: true,
    sameSite: 'Strict',
    path: '/console',
    secure: new URL(c.req.url).protocol === 'https:',
  }) as const

/**
 * The signed-in operator allowed by `allowed`, or the refusal page to answer instead: a request
 * carrying a bearer token (a shopper's or agent's) is refused before anything else, a missing or
 * ended session is sent to sign in, a role without the right is told so.
 */
export async function operatorFor(
  c: Context,
  db: Database,
  allowed: (o: Operator) => boolean,
): Promise<{ session: OperatorSession } | { refused: Response }> {
  if (c.req.header('authorization') !== undefined) {
    return {
      refused: refusal(
        c,
        401,
        'Tokens are not accepted here',
        'The console takes no shopper or agent token. Sign in with an operator account instead.',
        { href: '/console/sign-in', label: 'Sign in to the console' },
      ),
    }
  }
  const token = getCookie(c, CONSOLE_COOKIE)
  const session = token ? await readOperatorSession(db, token) : undefined
  if (!session) {
    const next = encodeURIComponent(new URL(c.req.url).pathname)
    return {
      refused: refusal(
        c,
        401,
        'Please sign in',
        'This page needs an operator account; your session has ended or you have not signed in.',
        {
          href: `/console/sign-in?next=${next}`,
          label: 'Sign in to the console',
        },
      ),
    }
  }
  // A password an admin set is changed before anything else is opened (signing out aside).
  if (
    session.operator.mustChangePassword &&
    !['/console/password', '/console/sign-out'].includes(c.req.path)
  ) {
    c.header('cache-control', 'no-store')
    return { refused: c.redirect('/console/password', 303) }
  }
  if (!allowed(session.operator)) {
    return {
      refused: refusal(
        c,
        403,
        'Not allowed',
        `Your role (${session.operator.role}) does not allow this page or change. Ask an admin if you need it.`,
      ),
    }
  }
  return { session }
}

/**
 * True when the form's `csrf` field is the session's token (compared in constant time). Anything
 * else is false, never an error: the strings are compared as UTF-16 code units, two bytes each, so
 * equal string lengths are equal byte lengths whatever the characters (UTF-8 would give a sent
 * character outside ASCII more bytes and make `timingSafeEqual` throw), and a lone surrogate stays
 * itself instead of becoming U+FFFD.
 */
export function csrfMatches(sent: unknown, expected: string): boolean {
  if (typeof sent !== 'string' || sent.length !== expected.length) return false
  return timingSafeEqual(Buffer.from(sent, 'utf16le'), Buffer.from(expected, 'utf16le'))
}

export const csrfRefusal = (c: Context) =>
  refusal(
    c,
    403,
    'The form could not be checked',
    'The form came without its security token (CSRF), or with an old one, so nothing was changed. Open the page again and repeat the change.',
  )
