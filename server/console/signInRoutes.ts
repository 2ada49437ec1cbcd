import { randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { FailureLimiter } from '../auth/failureLimiter'
import { signInKey } from '../auth/failureLimiter'
import { clientAddress } from '../auth/requestContext'
import type { Database } from '../db/database'
import { CONSOLE_COOKIE, consoleCookieOptions, csrfMatches, csrfRefusal, operatorFor } from './consoleAuth'
import { recordAudit } from './operatorAdmin'
import { endOperatorSession, OPERATOR_SESSION_MS, startOperatorSession } from './operatorSessions'
import { can, normalizeOperatorEmail, verifyOperator } from './operators'
import { refusal } from './pages/refusalPage'
import { signInPage } from './pages/signInPage'

/**
 * The sign-in form's own CSRF token (login CSRF: another site must not sign a browser in to its
 * account), double-submitted: a short-lived cookie and the form's hidden field must match.
 */
const SIGN_IN_COOKIE = 'oh_console_signin'

/** Where sign-in may send the operator on: a console path, never another site. */
const safeNext = (next: string | undefined) =>
  next && /^\/console(\/[\w/-]*)?$/.test(next) ? next : '/console'

/** The throttle key's "brand" part: the console counts with the store's throttle, under its own name. */
const CONSOLE_THROTTLE_SCOPE = 'console'

export function registerSignInRoutes(app: Hono, db: Database, throttle: FailureLimiter): void {
  app.get('/console', async (c) => {
    const found = await operatorFor(c, db, () => true)
    if ('refused' in found) return c.redirect('/console/sign-in', 303)
    return c.redirect(can.readBrands(found.session.operator) ? '/console/brands' : '/console/traces', 303)
  })

  app.get('/console/sign-in', (c) => {
    const token = randomBytes(24).toString('base64url')
    setCookie(c, SIGN_IN_COOKIE, token, { ...consoleCookieOptions(c), maxAge: 3600 })
    c.header('cache-control', 'no-store')
    return c.html(signInPage({ csrf: token, next: safeNext(c.req.query('next')) }))
  })

  app.post('/console/sign-in', async (c) => {
    const form = await c.req.parseBody()
    const expected = getCookie(c, SIGN_IN_COOKIE)
    if (!expected || !csrfMatches(form.csrf, expected)) return csrfRefusal(c)
    const email = typeof form.email === 'string' ? form.email : ''
    const password = typeof form.password === 'string' ? form.password : ''
    const next = safeNext(typeof form.next === 'string' ? form.next : undefined)
    const key = signInKey(CONSOLE_THROTTLE_SCOPE, normalizeOperatorEmail(email), clientAddress(c))
    const wait = await throttle.retryAfter(key)
    if (wait > 0) {
      c.header('retry-after', String(wait))
      return refusal(
        c,
        429,
        'Too many attempts',
        `Too many failed sign-ins for this e-mail from here. Try again in ${Math.ceil(wait / 60)} minute(s).`,
        { href: '/console/sign-in', label: 'Back to sign-in' },
      )
    }
    const operator = await verifyOperator(db, email, password)
    if (!operator) {
      await throttle.fail(key)
      c.header('cache-control', 'no-store')
      return c.html(
        signInPage({
          csrf: expected,
          next,
          email,
          problem: 'That e-mail and password do not match an operator account.',
        }),
        401,
      )
    }
    await throttle.reset(key)
    await recordAudit(db, c, operator, 'signed in')
    const token = await startOperatorSession(db, operator.id)
    deleteCookie(c, SIGN_IN_COOKIE, { path: '/console' })
    setCookie(c, CONSOLE_COOKIE, token, { ...consoleCookieOptions(c), maxAge: OPERATOR_SESSION_MS / 1000 })
    return c.redirect(
      next === '/console' ? (can.readBrands(operator) ? '/console/brands' : '/console/traces') : next,
      303,
    )
  })

  app.post('/console/sign-out', async (c) => {
    const found = await operatorFor(c, db, () => true)
    if ('refused' in found) return found.refused
    const form = await c.req.parseBody()
    if (!csrfMatches(form.csrf, found.session.csrfToken)) return csrfRefusal(c)
    const token = getCookie(c, CONSOLE_COOKIE)
    if (token) await endOperatorSession(db, token)
    deleteCookie(c, CONSOLE_COOKIE, { path: '/console' })
    return c.redirect('/console/sign-in', 303)
  })
}
