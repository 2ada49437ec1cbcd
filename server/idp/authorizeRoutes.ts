import type { Context, Hono } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import * as v from 'valibot'
import { LoginRequestSchema, SignupRequestSchema } from '../../contracts/auth'
import type { Lang } from '../../site/brand'
import { homePath } from '../../site/homePath'
import type { AuthServices, UserRecord } from '../auth/authTypes'
import { signInKey } from '../auth/failureLimiter'
import { clientAddress } from '../auth/requestContext'
import { bodyFields } from '../http/bodyFields'
import { type AuthorizeParams, checkAuthorizeRequest } from './authorizeRequest'
import { type LoginField, PAGE_HEADERS, renderErrorPage, renderLoginPage } from './idpPages'
import { type IdpRequest, idpRequest } from './idpRequest'
import { type IdpStores, type LoginTransaction, randomId } from './idpStores'
import { idpText } from './idpText'

const BROWSER_COOKIE = 'oh_idp_browser'

const storeHref = (lang: Lang) => homePath(lang)

function page(c: Context, html: string, status: 200 | 400 | 401 | 403 | 409 | 429) {
  for (const [name, value] of Object.entries(PAGE_HEADERS)) c.header(name, value)
  return c.html(html, status)
}

/** A long-lived random id for this browser, HttpOnly and SameSite=Lax: a cross-site form post lacks it. */
function browserId(c: Context, req: IdpRequest): string {
  const known = getCookie(c, BROWSER_COOKIE)
  if (known && /^[\w-]{43}$/.test(known)) return known
  const id = randomId()
  setCookie(c, BROWSER_COOKIE, id, {
    path: '/authorize',
    httpOnly: true,
    sameSite: 'Lax',
    secure: req.origin.startsWith('https:'),
  })
  return id
}

function switchHref(params: AuthorizeParams): string {
  const query = new URLSearchParams(params.query)
  if (params.screen === 'signup') query.delete('screen_hint')
  else query.set('screen_hint', 'signup')
  return `/authorize?${query}`
}

function loginPage(
  c: Context,
  req: IdpRequest,
  tx: string,
  params: AuthorizeParams,
  status: 200 | 400 | 401 | 409 | 429,
  extra: { values?: Record<string, string>; error?: { message: string; field?: LoginField } } = {},
) {
  const html = renderLoginPage({
    lang: params.lang,
    brandName: req.brandName,
    screen: params.screen,
    tx,
    switchHref: switchHref(params),
    storeHref: storeHref(params.lang),
    ...extra,
  })
  return page(c, html, status)
}

type Found = { ok: true; tx: string; txn: LoginTransaction } | { ok: false; response: Response }

/** The transaction a form post continues, only from the same origin and the same browser. */
function findTransaction(
  c: Context,
  stores: IdpStores,
  req: IdpRequest,
  fields: Record<string, string>,
): Found {
  const sentOrigin = c.req.header('origin')
  const lang: Lang = 'en'
  if (sentOrigin !== undefined && sentOrigin !== req.origin) {
    const t = idpText(lang)
    return { ok: false, response: page(c, renderErrorPage(lang, t.badRequest.invalid_request, '/'), 403) }
  }
  const tx = fields.tx ?? ''
  const txn = tx ? stores.transactions.get(tx) : undefined
  const valid =
    txn &&
    txn.origin === req.origin &&
    txn.brand === req.brand &&
    getCookie(c, BROWSER_COOKIE) === txn.browser
  if (!valid) {
    const l = txn?.params.lang ?? lang
    return { ok: false, response: page(c, renderErrorPage(l, idpText(l).expired, storeHref(l)), 400) }
  }
  return { ok: true, tx, txn }
}

/** Signed in: the transaction is spent, a one-time code goes back to the app with its state. */
function finish(c: Context, stores: IdpStores, tx: string, txn: LoginTransaction, user: UserRecord) {
  stores.transactions.delete(tx)
  const code = randomId()
  const p = txn.params
  stores.codes.set(code, {
    userId: user.id,
    clientId: p.clientId,
    redirectUri: p.redirectUri,
    codeChallenge: p.codeChallenge,
    ...(p.nonce !== undefined ? { nonce: p.nonce } : {}),
    scope: p.scope,
  })
  const target = new URL(p.redirectUri)
  target.searchParams.set('code', code)
  if (p.state !== undefined) target.searchParams.set('state', p.state)
  c.header('cache-control', 'no-store')
  return c.redirect(target.href, 302)
}

/**
 * GET /authorize renders the login (or, with `screen_hint=signup`, the sign-up) page;
 * POST /authorize/login and /authorize/signup check the form and redirect to `redirect_uri` with
 * `code` and `state`. A wrong password re-renders the page with an alert.
 */
export function registerAuthorizeRoutes(app: Hono, auth: AuthServices, stores: IdpStores): void {
  app.get('/authorize', (c) => {
    const req = idpRequest(c)
    const check = checkAuthorizeRequest(new URL(c.req.url).searchParams, req)
    if ('refusal' in check) {
      const t = idpText(check.lang)
      return page(c, renderErrorPage(check.lang, t.badRequest[check.refusal], storeHref(check.lang)), 400)
    }
    if ('redirect' in check) {
      c.header('cache-control', 'no-store')
      return c.redirect(check.redirect.href, 302)
    }
    const tx = randomId()
    stores.transactions.set(tx, {
      params: check.params,
      brand: req.brand,
      origin: req.origin,
      browser: browserId(c, req),
      attempts: 0,
    })
    return loginPage(c, req, tx, check.params, 200)
  })

  app.post('/authorize/login', async (c) => {
    const req = idpRequest(c)
    const fields = (await bodyFields(c)) ?? {}
    const found = findTransaction(c, stores, req, fields)
    if (!found.ok) return found.response
    const { tx, txn } = found
    const params: AuthorizeParams = { ...txn.params, screen: 'login' }
    const t = idpText(params.lang)
    const values = { email: fields.email ?? '' }
    const parsed = v.safeParse(LoginRequestSchema, {
      email: fields.email ?? '',
      password: fields.password ?? '',
    })
    if (!parsed.success) {
      const emailBad = parsed.issues.some((i) => v.getDotPath(i) === 'email')
      const error = emailBad
        ? { message: t.invalidEmail, field: 'email' as const }
        : { message: t.missingPassword, field: 'password' as const }
      return loginPage(c, req, tx, params, 400, { values, error })
    }
    const key = signInKey(req.brand, parsed.output.email, clientAddress(c))
    if ((await stores.signInThrottle.retryAfter(key)) > 0)
      return loginPage(c, req, tx, params, 429, { values, error: { message: t.tooManyAttempts } })
    const user = await auth.accounts.verifyPassword(req.brand, parsed.output.email, parsed.output.password)
    if (user) await stores.signInThrottle.reset(key)
    else await stores.signInThrottle.fail(key)
    if (!user) {
      txn.attempts += 1
      if (txn.attempts >= stores.maxAttempts) {
        stores.transactions.delete(tx)
        return page(c, renderErrorPage(params.lang, t.tooManyAttempts, storeHref(params.lang)), 429)
      }
      return loginPage(c, req, tx, params, 401, { values, error: { message: t.wrongCredentials } })
    }
    return finish(c, stores, tx, txn, user)
  })

  app.post('/authorize/signup', async (c) => {
    const req = idpRequest(c)
    const fields = (await bodyFields(c)) ?? {}
    const found = findTransaction(c, stores, req, fields)
    if (!found.ok) return found.response
    const { tx, txn } = found
    const params: AuthorizeParams = { ...txn.params, screen: 'signup' }
    const t = idpText(params.lang)
    const values = {
      email: fields.email ?? '',
      firstName: fields.firstName ?? '',
      lastName: fields.lastName ?? '',
    }
    const parsed = v.safeParse(SignupRequestSchema, { ...values, password: fields.password ?? '' })
    if (!parsed.success) {
      const paths = parsed.issues.map((i) => v.getDotPath(i))
      const error = paths.includes('firstName')
        ? { message: t.missingFirstName, field: 'firstName' as const }
        : paths.includes('email')
          ? { message: t.invalidEmail, field: 'email' as const }
          : { message: t.passwordRule, field: 'password' as const }
      return loginPage(c, req, tx, params, 400, { values, error })
    }
    const created = await auth.accounts.createUser({ brand: req.brand, ...parsed.output })
    if (created === 'email_taken')
      return loginPage(c, req, tx, params, 409, { values, error: { message: t.emailTaken, field: 'email' } })
    return finish(c, stores, tx, txn, created)
  })
}
