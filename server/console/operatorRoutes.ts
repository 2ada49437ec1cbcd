import type { Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { isBrand } from '../../site/brand'
import type { FailureLimiter } from '../auth/failureLimiter'
import { signInKey } from '../auth/failureLimiter'
import { clientAddress } from '../auth/requestContext'
import type { Database } from '../db/database'
import { CONSOLE_COOKIE, csrfMatches, csrfRefusal, operatorFor } from './consoleAuth'
import {
  type AdminResult,
  addOperator,
  auditLog,
  changeOwnPassword,
  listOperators,
  recordAudit,
  removeOperator,
  resetOperatorPassword,
  setOperatorRole,
  signOutEverywhere,
} from './operatorAdmin'
import { type OperatorSession, sessionTokenHash } from './operatorSessions'
import { can, operatorById, verifyOperator } from './operators'
import { auditPage, operatorsPage, passwordPage } from './pages/operatorsPage'
import { refusal } from './pages/refusalPage'

const AUDIT_PAGE_SIZE = 50

/**
 * The admins' operator management (`/console/operators`), every brand's audit log
 * (`/console/audit`), and each operator's own password (`/console/password`). Every change is in
 * the audit log with who, when and from where.
 */
export function registerOperatorRoutes(app: Hono, db: Database, throttle: FailureLimiter): void {
  /** The admin and the form of a change, or the refusal. */
  const adminForm = async (c: Context) => {
    const found = await operatorFor(c, db, can.manageOperators)
    if ('refused' in found) return { refused: found.refused }
    const form = await c.req.parseBody({ all: true })
    if (!csrfMatches(form.csrf, found.session.csrfToken)) return { refused: csrfRefusal(c) }
    const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '')
    const list = (name: string) => [form[name] ?? []].flat().filter((v): v is string => typeof v === 'string')
    return { session: found.session, text, list }
  }

  const show = async (
    c: Context,
    session: OperatorSession,
    extra: { notice?: string; problem?: string } = {},
    status: 200 | 400 = 200,
  ) => {
    c.header('cache-control', 'no-store')
    return c.html(operatorsPage({ session, operators: await listOperators(db), ...extra }), status)
  }

  app.get('/console/operators', async (c) => {
    const found = await operatorFor(c, db, can.manageOperators)
    if ('refused' in found) return found.refused
    // Only the console's own sentences are shown: a link cannot put words on this page.
    const said = DONE[c.req.query('done') ?? '']
    const who = c.req.query('who') ?? ''
    return show(c, found.session, said ? { notice: `${said}: ${who.slice(0, 120)}.` } : {})
  })

  app.post('/console/operators', async (c) => {
    const a = await adminForm(c)
    if ('refused' in a) return a.refused
    const result = await addOperator(db, {
      email: a.text('email'),
      displayName: a.text('displayName'),
      role: a.text('role'),
      brands: a.list('brands'),
      password: a.text('password'),
    })
    if (!result.ok) return show(c, a.session, { problem: `Not added: ${result.problem}` }, 400)
    const o = result.operator!
    await recordAudit(db, c, a.session.operator, 'operator added', {
      detail: `${o.email} as ${o.role}${o.role === 'brand' ? ` of ${o.brands.join(', ')}` : ''}`,
    })
    return done(c, 'added', o.email)
  })

  /** A change to another operator (never oneself: an admin must not lock themselves out). */
  const change = (
    path: string,
    act: (
      id: string,
      a: Exclude<Awaited<ReturnType<typeof adminForm>>, { refused: unknown }>,
    ) => Promise<AdminResult & { audit?: string }>,
  ) =>
    app.post(`/console/operators/:id/${path}`, async (c) => {
      const a = await adminForm(c)
      if ('refused' in a) return a.refused
      const target = await operatorById(db, c.req.param('id'))
      if (!target)
        return refusal(c, 404, 'No such operator', 'That operator is not in the console any more.', {
          href: '/console/operators',
          label: 'Operators',
        })
      if (target.id === a.session.operator.id)
        return show(
          c,
          a.session,
          { problem: 'Not changed: an admin does not change their own account here.' },
          400,
        )
      const result = await act(target.id, a)
      if (!result.ok) return show(c, a.session, { problem: `Not changed: ${result.problem}` }, 400)
      await recordAudit(db, c, a.session.operator, result.audit ?? path, { detail: target.email })
      return done(c, path, target.email)
    })

  change('role', async (id, a) => ({
    ...(await setOperatorRole(db, id, a.text('role'), a.list('brands'))),
    audit: `role set to ${a.text('role')}${a.text('role') === 'brand' ? ` (${a.list('brands').join(', ')})` : ''}`,
  }))
  change('reset', async (id, a) => ({
    ...(await resetOperatorPassword(db, id, a.text('password'))),
    audit: 'password reset',
  }))
  change('sign-out-everywhere', async (id) => {
    await signOutEverywhere(db, id)
    return { ok: true, audit: 'signed out everywhere' }
  })
  change('remove', async (id) => {
    await removeOperator(db, id)
    return { ok: true, audit: 'operator removed' }
  })

  app.get('/console/audit', async (c) => {
    const found = await operatorFor(c, db, can.manageOperators)
    if ('refused' in found) return found.refused
    const brand = c.req.query('brand')
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1)
    const { entries, more } = await auditLog(db, {
      ...(isBrand(brand) ? { brand } : {}),
      limit: AUDIT_PAGE_SIZE,
      offset: (page - 1) * AUDIT_PAGE_SIZE,
    })
    c.header('cache-control', 'no-store')
    return c.html(
      auditPage({ session: found.session, entries, brand: isBrand(brand) ? brand : undefined, page, more }),
    )
  })

  app.get('/console/password', async (c) => {
    const found = await operatorFor(c, db, () => true)
    if ('refused' in found) return found.refused
    c.header('cache-control', 'no-store')
    return c.html(passwordPage({ session: found.session }))
  })

  // The current password is asked again, and wrong answers count in the sign-in throttle.
  app.post('/console/password', async (c) => {
    const found = await operatorFor(c, db, () => true)
    if ('refused' in found) return found.refused
    const { session } = found
    const form = await c.req.parseBody()
    if (!csrfMatches(form.csrf, session.csrfToken)) return csrfRefusal(c)
    const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '')
    const again = (problem: string, status: 400 | 401 = 400) => {
      c.header('cache-control', 'no-store')
      return c.html(passwordPage({ session, problem }), status)
    }
    const key = signInKey('console', session.operator.email, clientAddress(c))
    const wait = await throttle.retryAfter(key)
    if (wait > 0) {
      c.header('retry-after', String(wait))
      return refusal(c, 429, 'Too many attempts', `Try again in ${Math.ceil(wait / 60)} minute(s).`)
    }
    if (!(await verifyOperator(db, session.operator.email, text('current')))) {
      await throttle.fail(key)
      return again('Not changed: the current password is not right.', 401)
    }
    if (text('next') !== text('again')) return again('Not changed: the two new passwords differ.')
    if (text('next') === text('current')) return again('Not changed: the new password is the current one.')
    const token = getCookie(c, CONSOLE_COOKIE)
    const result = await changeOwnPassword(
      db,
      session.operator.id,
      text('next'),
      token && sessionTokenHash(token),
    )
    if (!result.ok) return again(`Not changed: ${result.problem}`)
    await throttle.reset(key)
    await recordAudit(db, c, session.operator, 'own password changed')
    return c.redirect('/console', 303)
  })
}

/** What the operators page says after each change. */
const DONE: Record<string, string> = {
  added: 'Added; they choose their own password at their first sign-in',
  role: 'Role saved',
  reset: 'Password reset, signed out everywhere, to be changed at the next sign-in',
  'sign-out-everywhere': 'Signed out everywhere',
  remove: 'Removed',
}

const done = (c: Context, what: string, who: string) =>
  c.redirect(`/console/operators?done=${what}&who=${encodeURIComponent(who)}`, 303)
