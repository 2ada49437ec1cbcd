import { createHash } from 'node:crypto'
import type { Hono } from 'hono'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadCorpus } from '../../test/corpus'
import { createFailureLimiter, signInKey } from '../auth/failureLimiter'
import { authorizeQuery, EMAIL, idpApp, ORIGIN, openLogin, PASSWORD, postForm } from './testing/idpTestClient'

const xss = loadCorpus('xss-payloads').cases.map((c) => c.payload)

const PAGE_TAGS = new Set(
  '!doctype html head meta title style body main h1 h2 div p form input label span button a'.split(' '),
)
/** Every tag in the page is one of the page's own, and none carries an event handler. */
function expectOnlyOwnMarkup(html: string) {
  for (const tag of html.match(/<[!a-z][^>]*>/gi) ?? []) {
    expect(PAGE_TAGS.has(/^<(!?\w+)/.exec(tag)?.[1]?.toLowerCase() ?? ''), tag).toBe(true)
    // Attribute values are quoted and escaped, so what is left outside quotes is the page's own.
    expect(tag.replace(/"[^"]*"/g, '""')).not.toMatch(/\son\w+\s*=|'/i)
  }
}

describe('GET /authorize', () => {
  it('renders an accessible English login page with security headers', async () => {
    const { app } = await idpApp()
    const { res, html } = await openLogin(app)
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<h1>Log in to Brewco</h1>')
    expect(html).toContain('<label for="email">Email address</label>')
    expect(html).toMatch(
      /<input id="password" name="password" type="password" autocomplete="current-password" required/,
    )
    expect(html).toContain('action="/authorize/login"')
    expect(html).not.toMatch(/<script/i)
    // The one inline style is allowed by its hash, nothing else is.
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
    const hash = createHash('sha256').update(css).digest('base64')
    expect(res.headers.get('content-security-policy')).toContain(`style-src 'sha256-${hash}'`)
  })

  it('renders French when ui_locales is fr-CA', async () => {
    const { app } = await idpApp()
    const { html } = await openLogin(
      app,
      authorizeQuery({ ui_locales: 'fr-CA', redirect_uri: `${ORIGIN}/fr/accueil` }),
    )
    expect(html).toContain('<html lang="fr-CA">')
    expect(html).toContain('<title>Connexion | Brewco</title>')
    expect(html).toContain('Mot de passe')
    expect(html).toContain('Se connecter')
  })

  it('renders the sign-up screen for screen_hint=signup and creates the account', async () => {
    const { app, auth } = await idpApp()
    const { html, tx, cookie } = await openLogin(app, authorizeQuery({ screen_hint: 'signup' }))
    expect(html).toContain('action="/authorize/signup"')
    expect(html).toContain('autocomplete="given-name"')
    expect(html).toContain('autocomplete="new-password"')
    const fields = {
      tx,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      password: 'cobol1959',
    }
    const res = await postForm(app, '/authorize/signup', fields, cookie)
    expect(res.status).toBe(302)
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy()
    expect(await auth.accounts.verifyPassword('usb2c', 'grace@example.com', 'cobol1959')).toMatchObject({
      firstName: 'Grace',
    })
  })

  it('sign-up with a taken email or a weak password re-renders with an alert', async () => {
    const { app } = await idpApp()
    const { tx, cookie } = await openLogin(app, authorizeQuery({ screen_hint: 'signup' }))
    const taken = await postForm(
      app,
      '/authorize/signup',
      { tx, firstName: 'A', email: EMAIL, password: 'abcdefg1' },
      cookie,
    )
    expect(taken.status).toBe(409)
    const html = await taken.text()
    expect(html).toContain('role="alert"')
    expect(html).toContain('An account with this email already exists')
    expect(html).toMatch(/id="email"[^>]*aria-invalid="true"/)
    const weak = await postForm(
      app,
      '/authorize/signup',
      { tx, firstName: 'A', email: 'new@example.com', password: 'short' },
      cookie,
    )
    expect(weak.status).toBe(400)
    expect(await weak.text()).toContain('At least 8 characters')
  })

  it('a wrong password re-renders the page with role=alert, keeping the email but never the password', async () => {
    const { app } = await idpApp()
    const { tx, cookie } = await openLogin(app)
    const res = await postForm(
      app,
      '/authorize/login',
      { tx, email: EMAIL, password: 'wrong-password' },
      cookie,
    )
    expect(res.status).toBe(401)
    const html = await res.text()
    expect(html).toMatch(/<div class="alert" role="alert" id="form-error">.*Wrong email or password\./s)
    expect(html).toContain(`value="${EMAIL}"`)
    expect(html).not.toContain('wrong-password')
    expect(html).toContain(`value="${tx}"`)
    // The same page can still succeed.
    const ok = await postForm(app, '/authorize/login', { tx, email: EMAIL, password: PASSWORD }, cookie)
    expect(ok.status).toBe(302)
  })

  it('drops the login page after too many wrong passwords', async () => {
    const { app } = await idpApp({ maxAttempts: 3 })
    const { tx, cookie } = await openLogin(app)
    const statuses: number[] = []
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await postForm(app, '/authorize/login', { tx, email: EMAIL, password: 'nope' }, cookie)).status,
      )
    expect(statuses).toEqual([401, 401, 429])
    const after = await postForm(app, '/authorize/login', { tx, email: EMAIL, password: PASSWORD }, cookie)
    expect(after.status).toBe(400)
  })

  it('shares the password throttle: a fresh login page buys no new guesses', async () => {
    const signInThrottle = createFailureLimiter({ maxFailures: 2, windowMs: 60_000 })
    const { app } = await idpApp({ signInThrottle })
    for (let i = 0; i < 2; i++) {
      const { tx, cookie } = await openLogin(app)
      const res = await postForm(app, '/authorize/login', { tx, email: EMAIL, password: 'nope' }, cookie)
      expect(res.status).toBe(401)
    }
    const { tx, cookie } = await openLogin(app)
    const refused = await postForm(app, '/authorize/login', { tx, email: EMAIL, password: PASSWORD }, cookie)
    expect(refused.status).toBe(429)
    expect(await refused.text()).toMatch(/role="alert"[^>]*>.*Too many attempts/s)
    // The same throttle counts /api/auth/login failures: the key is brand, e-mail and address.
    expect(await signInThrottle.retryAfter(signInKey('usb2c', EMAIL, 'local'))).toBeGreaterThan(0)
  })

  it('is single use: a login page cannot be submitted twice', async () => {
    const { app } = await idpApp()
    const { tx, cookie } = await openLogin(app)
    await postForm(app, '/authorize/login', { tx, email: EMAIL, password: PASSWORD }, cookie)
    const again = await postForm(app, '/authorize/login', { tx, email: EMAIL, password: PASSWORD }, cookie)
    expect(again.status).toBe(400)
    expect(again.headers.get('location')).toBeNull()
    expect(await again.text()).toContain('This sign-in page has expired')
  })

  it('refuses form posts from another site or another browser (login CSRF)', async () => {
    const { app } = await idpApp()
    const { tx, cookie } = await openLogin(app)
    const fields = { tx, email: EMAIL, password: PASSWORD }
    const foreign = await postForm(app, '/authorize/login', fields, cookie, ORIGIN)
    expect(foreign.status).toBe(302) // control: same origin, same browser
    const second = await openLogin(app)
    const f2 = { tx: second.tx, email: EMAIL, password: PASSWORD }
    const crossSite = await app.request(`${ORIGIN}/authorize/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: second.cookie,
        origin: 'https://evil.example',
      },
      body: new URLSearchParams(f2).toString(),
    })
    expect(crossSite.status).toBe(403)
    const noCookie = await postForm(app, '/authorize/login', f2, '')
    expect(noCookie.status).toBe(400)
    const otherBrowser = await postForm(
      app,
      '/authorize/login',
      f2,
      'oh_idp_browser=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    )
    expect(otherBrowser.status).toBe(400)
  })

  it.each([
    'https://evil.com/',
    '//evil.com/',
    '/',
    'http://localhost:4201/',
    'https://localhost:4200/',
    'http://localhost:4200.evil.com/',
    'http://user@localhost:4200/',
    'http://localhost:4200/#frag',
    'javascript:alert(1)',
  ])('refuses redirect_uri %j with a page, never a redirect', async (redirectUri) => {
    const { app } = await idpApp()
    const res = await app.request(`${ORIGIN}/authorize?${authorizeQuery({ redirect_uri: redirectUri })}`)
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    expect(await res.text()).toContain('is not allowed')
  })

  it('refuses an unknown client, and another brand’s client (brand from host)', async () => {
    const { app } = await idpApp()
    const unknown = await app.request(`${ORIGIN}/authorize?${authorizeQuery({ client_id: 'nope' })}`)
    expect(unknown.status).toBe(400)
    const cab2c = 'http://cab2c.ca.localhost:4200'
    const wrongBrand = await app.request(
      `${cab2c}/authorize?${authorizeQuery({ redirect_uri: `${cab2c}/` })}`,
    )
    expect(wrongBrand.status).toBe(400)
    expect(wrongBrand.headers.get('location')).toBeNull()
  })

  it('sends protocol errors back to the app once client and redirect_uri are trusted', async () => {
    const { app } = await idpApp()
    const cases: [Record<string, string | undefined>, string][] = [
      [{ code_challenge: undefined }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ response_mode: 'web_message' }, 'invalid_request'],
      [{ audience: 'https://api.other.example' }, 'access_denied'],
      [{ prompt: 'none' }, 'login_required'],
    ]
    for (const [overrides, error] of cases) {
      const res = await app.request(`${ORIGIN}/authorize?${authorizeQuery(overrides)}`)
      expect(res.status).toBe(302)
      const back = new URL(res.headers.get('location') ?? '')
      expect(back.origin).toBe(ORIGIN)
      expect(back.searchParams.get('error')).toBe(error)
      expect(back.searchParams.get('state')).toBe('c3RhdGU')
    }
  })

  describe('escapes everything it echoes', () => {
    let app: Hono
    beforeAll(async () => {
      app = (await idpApp()).app
    })

    it.each(xss)('state, ext-* and redirect path %j', async (payload) => {
      const redirect = `${ORIGIN}/${encodeURIComponent(payload)}`
      const query = authorizeQuery({ state: payload, 'ext-isSWU': payload, redirect_uri: redirect })
      const { html, tx, cookie } = await openLogin(app, query)
      expectOnlyOwnMarkup(html)
      if (/[<>"']/.test(payload)) expect(html).not.toContain(payload)
      const login = await postForm(app, '/authorize/login', { tx, email: EMAIL, password: PASSWORD }, cookie)
      const back = new URL(login.headers.get('location') ?? '')
      expect(back.origin).toBe(ORIGIN)
      expect(back.searchParams.get('state')).toBe(payload)
    })

    it.each(xss)('the typed email after a failed login %j', async (payload) => {
      const { tx, cookie } = await openLogin(app)
      const res = await postForm(app, '/authorize/login', { tx, email: payload, password: 'x' }, cookie)
      const html = await res.text()
      expectOnlyOwnMarkup(html)
      if (/[<>"']/.test(payload)) expect(html).not.toContain(payload)
    })
  })
})
