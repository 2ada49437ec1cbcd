import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_COOKIES, AUTH_STORAGE } from '../../contracts/auth'
import { labelsFrom } from '../../contracts/labels'
import type { LogInput } from '../../contracts/logRecord'
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '../../contracts/siteConfig'
import { createEventBus } from '../../kernel/bus/createEventBus'
import type { Envelope } from '../../kernel/bus/events'
import { createHttpClient } from '../../kernel/http/createHttpClient'
import type { HeaderContext } from '../../kernel/services/kernelRefs'
import type { IdentityPort, IdentityTokens } from './authRefs'
import { OTHER_TAB_SOURCE } from './session/tabSyncEcho'
import { startAuthPlugin } from './test/startAuthPlugin'
import { REFRESH_PATH, ROTATE_PATH } from './tokens/createTokenRefresher'
import { unsignedJwt } from './tokens/jwt'
import { memoryStorage } from './tokens/storage'
import { type FakeAnswer, type FakeRequest, fakeChannelHub, fakeFetch, memoryCookies } from './tokens/testing'
import './events'

const REST = '/rest/v2/usb2c/'
// Fixed once, so a token made now and one made a second later compare equal.
const NOW_S = Math.floor(Date.now() / 1000)
const access = (id: string, seconds = 3600) => unsignedJwt({ sub: 'cust-1', exp: NOW_S + seconds, jti: id })
let rotations = 0
const tokenBody = (id: string, extra: Record<string, unknown> = {}) => ({
  access_token: access(id),
  refresh_token: `refresh-${id}`,
  expires_in: 3600,
  ...extra,
})

/** The reference server's behaviour, as far as these tests need it. */
function answer(req: FakeRequest, refresh: () => FakeAnswer): FakeAnswer {
  const path = req.url.pathname
  const body = req.body as Record<string, string> | undefined
  const bearer = req.headers.get('authorization')?.replace('Bearer ', '')
  if (path === '/api/auth/login')
    return body?.password === 'right-pass1'
      ? { status: 200, body: tokenBody('login') }
      : { status: 401, body: { error: 'invalid_credentials' } }
  if (path === '/api/auth/signup')
    return body?.email === 'taken@shop.test'
      ? { status: 409, body: { error: 'email_taken' } }
      : { status: 200, body: tokenBody('signup') }
  if (path === '/api/auth/forgotPassword') return { status: 200, body: { sent: true } }
  if (path === REFRESH_PATH || path === ROTATE_PATH) return refresh()
  if (path === '/api/auth/logout') return { status: 204 }
  if (path === '/api/auth/nobo') return { status: 200, body: { isNoboUser: true } }
  if (path === `${REST}getSessionCartGuid`) return { status: 200, body: { sessioncartguid: 'guid-1' } }
  if (path === `${REST}generate-cart-item`) return { status: 200, body: { recipeSetId: 'recipe-1' } }
  if (path === `${REST}handleLoggedInUserCookies`) return { status: 200, body: {} }
  if (path === `${REST}users/anonymous/getCustomerDetails`) return { status: 200, body: { cartCount: 1 } }
  const who = /users\/([^/]+)\/getCustomerDetails$/.exec(path)?.[1]
  if (who) {
    if (!bearer) return { status: 401, body: {} }
    return who === 'current'
      ? { status: 200, body: { isLoggedIn: true, firstName: 'Ann', customerID: 'cust-1', cartCount: 2 } }
      : { status: 200, body: { isLoggedIn: true, firstName: 'Bea', customerID: who, cartCount: 0 } }
  }
  return { status: 404, body: 'no route' }
}

type TabOptions = {
  cookies?: ReturnType<typeof memoryCookies>
  hub?: ReturnType<typeof fakeChannelHub>
  href?: string
  lang?: 'en' | 'fr'
  siteConfig?: Partial<SiteConfig>
  local?: ReturnType<typeof memoryStorage>
  session?: ReturnType<typeof memoryStorage>
  identityTokens?: IdentityTokens
  identityLogout?: () => Promise<void>
  refresh?: () => FakeAnswer
  /** The server refuses the stored agent session (GET /api/auth/nobo: isNoboUser false). */
  noboRefused?: boolean
}

function tab(options: TabOptions = {}) {
  const refresh =
    options.refresh ??
    (() => ({ status: 200, body: tokenBody(`rotated-${++rotations}`, { refresh_expires_in: 1800 }) }))
  const server = fakeFetch((req) =>
    options.noboRefused && req.url.pathname === '/api/auth/nobo'
      ? { status: 200, body: { isNoboUser: false } }
      : answer(req, refresh),
  )
  vi.stubGlobal('fetch', server.fetch)
  const http = createHttpClient({
    brand: 'usb2c',
    origin: 'http://shop.test',
    correlationId: () => 'req-cid',
  })
  const bus = createEventBus({ correlationId: () => 'page-cid', onFault: (f) => faults.push(f.message) })
  const faults: string[] = []
  const events: Envelope[] = []
  bus.onAny((e) => events.push(e), 'test')
  const href = options.href ?? 'http://shop.test/cart?x=1'
  const url = new URL(href)
  const context: HeaderContext = {
    brand: 'usb2c',
    lang: options.lang ?? 'en',
    correlationId: 'page-cid',
    location: { pathname: url.pathname, search: url.search, hash: url.hash },
    siteConfig: { ...DEFAULT_SITE_CONFIG, authClientId: 'client-1', ...options.siteConfig },
    labels: labelsFrom([]),
    hiddenInputs: {},
  }
  const idp = { redirects: [] as unknown[], callbacks: [] as string[], logouts: [] as string[] }
  const identity: IdentityPort = {
    loginWithRedirect: async (o) => void idp.redirects.push(o),
    handleRedirectCallback: async (u) => {
      idp.callbacks.push(u)
      return options.identityTokens
    },
    logout: async (returnTo) => {
      idp.logouts.push(returnTo)
      await options.identityLogout?.()
    },
  }
  const cookies = options.cookies ?? memoryCookies()
  const local = options.local ?? memoryStorage()
  const session = options.session ?? memoryStorage()
  const page = { replaced: [] as string[], assigned: [] as string[] }
  const logs: LogInput[] = []
  // The real manifest, started by the kernel's registry: it installs the token port and agent
  // headers on `http` and subscribes the `rotateToken`, `logout` and `updateCart` handlers.
  const { auth } = startAuthPlugin({
    http,
    bus,
    cookies: cookies.writer,
    context,
    logger: { log: (i) => void logs.push(i), addSink: () => () => {} },
    environment: {
      identity,
      storage: { session, local },
      locks: null,
      broadcastChannel: options.hub?.open ?? null,
      page: {
        href: () => href,
        replace: (u) => void page.replaced.push(u),
        assign: (u) => void page.assigned.push(u),
      },
    },
  })
  const emitted = (type: string) => events.filter((e) => e.type === type).map((e) => e.payload)
  return { auth, server, bus, events, emitted, cookies, local, session, idp, page, logs, faults }
}

const signedInAs = (firstName: string) => expect.objectContaining({ status: 'signedIn', firstName })

describe('auth session', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('login: tokens stored, login key set, customer data read, signedIn event; brand and lang sent', async () => {
    const t = tab()
    await t.auth.ready
    expect(t.auth.state$.value()).toEqual({ status: 'anonymous' })
    expect(t.auth.cartCount$.value()).toBe(1)
    expect(
      await t.auth.login({ email: ' Ann@Shop.test ', password: 'right-pass1', rememberMe: true }),
    ).toEqual({
      ok: true,
    })
    const login = t.server.to('/api/auth/login')[0]
    expect(login?.body).toEqual({ email: 'ann@shop.test', password: 'right-pass1', rememberMe: true })
    expect([login?.headers.get('brand'), login?.headers.get('lang')]).toEqual(['usb2c', 'en'])
    expect(t.auth.state$.value()).toEqual({
      status: 'signedIn',
      firstName: 'Ann',
      customerId: 'cust-1',
      agent: null,
      sessionExpiresAt: expect.any(Number),
    })
    expect(t.cookies.jar.get(AUTH_COOKIES.accessToken)).toBe(access('login'))
    expect(t.cookies.jar.get(AUTH_COOKIES.rememberMe)).toBe('true')
    expect(t.local.getItem(AUTH_STORAGE.loginKey)).not.toBeNull()
    expect(t.local.getItem(AUTH_STORAGE.loginSource)).toBe('password')
    expect(t.auth.cartCount$.value()).toBe(2)
    expect(t.server.to(`${REST}users/current/getCustomerDetails`)[0]?.headers.get('authorization')).toBe(
      `Bearer ${access('login')}`,
    )
    expect(t.emitted('auth:signedIn')).toEqual([{ customerId: 'cust-1', source: 'password' }])
  })

  it('login and sign-up failures: the banner code, the failure event, a log record; still anonymous', async () => {
    const t = tab()
    await t.auth.ready
    expect(await t.auth.login({ email: 'ann@shop.test', password: 'wrong' })).toMatchObject({
      ok: false,
      code: 'invalid_credentials',
    })
    expect(
      await t.auth.signup({ email: 'taken@shop.test', password: 'abcdefg1', firstName: 'Ann' }),
    ).toMatchObject({
      ok: false,
      code: 'email_taken',
    })
    const requests = t.server.requests.length
    expect(await t.auth.login({ email: 'not-an-email', password: 'x' })).toMatchObject({
      code: 'invalid_request',
    })
    expect(await t.auth.signup({ email: 'a@shop.test', password: 'short', firstName: 'A' })).toMatchObject({
      code: 'invalid_request',
    })
    expect(t.server.requests).toHaveLength(requests) // refused before any call
    expect(t.emitted('auth:loginFailed')).toEqual([
      { code: 'invalid_credentials' },
      { code: 'invalid_request' },
    ])
    expect(t.emitted('auth:signupFailed')).toEqual([{ code: 'email_taken' }, { code: 'invalid_request' }])
    expect(t.logs.map((l) => [l.eventType, l.logType, l.otherData?.correlationId])).toContainEqual([
      'LOGIN_FAILED',
      'INFO',
      'page-cid',
    ])
    expect(t.auth.state$.value().status).toBe('anonymous')
  })

  it('an unreachable BFF is a network result, logged as an error', async () => {
    const t = tab()
    await t.auth.ready
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')))
    expect(await t.auth.login({ email: 'ann@shop.test', password: 'right-pass1' })).toMatchObject({
      code: 'network',
    })
    expect(t.logs.at(-1)).toMatchObject({ eventType: 'LOGIN_FAILED', logType: 'ERROR' })
  })

  it('sign-up signs the shopper in; forgot password answers ok', async () => {
    const t = tab()
    await t.auth.ready
    expect(await t.auth.signup({ email: 'new@shop.test', password: 'abcdefg1', firstName: 'Ann' })).toEqual({
      ok: true,
    })
    expect(t.auth.state$.value()).toEqual(signedInAs('Ann'))
    expect(t.emitted('auth:signedIn')).toEqual([{ customerId: 'cust-1', source: 'signup' }])
    expect(await t.auth.forgotPassword('ann@shop.test')).toEqual({ ok: true })
  })

  it('logout: storage and cookies cleared, refresh token revoked, logout event, IdP logout to the return URL', async () => {
    const hub = fakeChannelHub()
    const t = tab({ hub })
    await t.auth.ready
    await t.auth.login({ email: 'ann@shop.test', password: 'right-pass1' })
    // A `logout` handler that calls back in (a menu wired to the event) joins the running logout.
    t.bus.on('logout', () => void t.auth.logout(), 'menu')
    await t.auth.logout()
    expect(t.idp.logouts).toEqual(['http://shop.test/logout?referrer=%2Fcart%3Fx%3D1'])
    expect(t.server.to('/api/auth/logout').map((r) => r.body)).toEqual([{ refreshToken: 'refresh-login' }])
    expect(t.emitted('logout')).toEqual([{ referrer: '/cart?x=1' }])
    expect(hub.posted.at(-1)).toEqual({ type: 'loggedOut', reason: 'logout', referrer: '/cart?x=1' })
    // The 30-day marker, and the device's own segments only: what the store learnt from the account
    // goes with the session, what the device is stays (this device's first visit: UnknownUser).
    expect(Object.fromEntries(t.cookies.jar)).toEqual({
      userWasLoggedIn: 'true',
      visitorSegments: 'UnknownUser',
    })
    expect(t.local.getItem(AUTH_STORAGE.loginKey)).toBeNull()
    expect(t.auth.state$.value()).toEqual({ status: 'anonymous' })
  })

  it('logout in French goes to /fr/logout; a hostile referrer is dropped; a failing IdP falls back to navigation', async () => {
    const t = tab({ lang: 'fr', identityLogout: () => Promise.reject(new Error('idp down')) })
    await t.auth.ready
    await t.auth.logout({ referrer: '//evil.com' })
    expect(t.idp.logouts).toEqual(['http://shop.test/fr/logout'])
    expect(t.page.assigned).toEqual(['http://shop.test/fr/logout'])
    expect(t.emitted('logout')).toEqual([{}])
    expect(t.server.to('/api/auth/logout')).toEqual([]) // nothing to revoke
  })

  it('redirect login return: tokens from the identity provider, loginSource idp, address cleaned', async () => {
    const t = tab({
      href: 'http://shop.test/my-account?code=abc&state=xyz&tab=1#top',
      identityTokens: { accessToken: access('idp'), refreshToken: 'idp-refresh', expiresIn: 3600 },
    })
    await t.auth.ready
    expect(t.idp.callbacks).toEqual(['http://shop.test/my-account?code=abc&state=xyz&tab=1#top'])
    expect(t.page.replaced).toEqual(['/my-account?tab=1#top'])
    expect(t.local.getItem(AUTH_STORAGE.loginSource)).toBe('idp')
    expect(t.auth.state$.value()).toEqual(signedInAs('Ann'))
    expect(t.emitted('auth:signedIn')).toEqual([{ customerId: 'cust-1', source: 'idp' }])
    expect(t.server.to(`${REST}users/current/getCustomerDetails`)).toHaveLength(1)
  })

  it('loginWithRedirect hands the language, screen and return address to the identity port', async () => {
    const t = tab({ lang: 'fr' })
    await t.auth.loginWithRedirect({ screen: 'signup' })
    expect(t.idp.redirects).toEqual([{ lang: 'fr', screen: 'signup', returnTo: 'http://shop.test/cart?x=1' }])
  })

  it('rotateToken refreshes once, guarded by the flag', async () => {
    const t = tab()
    await t.auth.ready
    await t.auth.login({ email: 'ann@shop.test', password: 'right-pass1' })
    t.bus.emit('rotateToken', {}, 'host')
    t.bus.emit('rotateToken', {}, 'host')
    await vi.waitFor(() => expect(t.auth.tokenPort.isRefreshing()).toBe(false))
    // A rotation on request goes to refreshAuthToken (header spec §7), never refreshToken.
    expect(t.server.to(ROTATE_PATH).map((r) => r.body)).toEqual([
      { refreshToken: 'refresh-login', clientId: 'client-1' },
    ])
    expect(t.server.to(REFRESH_PATH)).toHaveLength(0)
  })

  it('a session whose refresh is refused (invalid_grant) becomes anonymous without a loop', async () => {
    const cookies = memoryCookies()
    cookies.jar.set(AUTH_COOKIES.accessToken, access('old', -10))
    cookies.jar.set(AUTH_COOKIES.refreshToken, 'refresh-old')
    const t = tab({ cookies, refresh: () => ({ status: 400, body: { error: 'invalid_grant' } }) })
    expect(t.auth.state$.value().status).toBe('signedIn') // the refresh token may still get a token
    await t.auth.ready
    await vi.waitFor(() => expect(t.auth.state$.value()).toEqual({ status: 'anonymous' }))
    expect(t.server.to(REFRESH_PATH)).toHaveLength(1)
    await vi.waitFor(() => expect(t.auth.customer$.value().status).toBe('success'))
    expect(t.server.to(`${REST}users/anonymous/getCustomerDetails`)).toHaveLength(1)
    expect(t.logs.map((l) => l.eventType)).toContain('AUTH_SESSION_ENDED')
  })

  describe('every way a session ends leaves the same signed-out header', () => {
    /** Signed in with 2 items in the cart; anonymous data says 1 (a guest cart). */
    async function signedInWithCart(options: TabOptions = {}) {
      const t = tab({ siteConfig: { refreshTokenExpirySeconds: 300 }, ...options })
      await t.auth.ready
      await t.auth.login({ email: 'ann@shop.test', password: 'right-pass1' })
      await vi.waitFor(() => expect(t.auth.cartCount$.value()).toBe(2))
      return t
    }
    /** `server`: the fake the page's calls reach (the last tab made stubs the one global fetch). */
    const expectSignedOut = async (t: ReturnType<typeof tab>, server = t.server) => {
      await vi.waitFor(() => expect(t.auth.state$.value()).toEqual({ status: 'anonymous' }))
      // The anonymous shopper's data read again (its cart holds 1), not the signed-in cart's 2 kept.
      expect(server.to(`${REST}users/anonymous/getCustomerDetails`).length).toBeGreaterThan(0)
      await vi.waitFor(() => expect(t.auth.cartCount$.value()).toBe(1))
      expect(t.auth.customer$.value()).toEqual(expect.objectContaining({ status: 'success' }))
    }

    it('the session running out by itself', async () => {
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] })
      const t = await signedInWithCart()
      // Past the session's end; the once-a-second check notices.
      await vi.advanceTimersByTimeAsync(301_000)
      vi.useRealTimers()
      await expectSignedOut(t)
      t.auth.dispose()
    })

    it('a refresh refused (invalid_grant)', async () => {
      const t = await signedInWithCart({ refresh: () => ({ status: 400, body: { error: 'invalid_grant' } }) })
      t.bus.emit('rotateToken', {}, 'host')
      await expectSignedOut(t)
      t.auth.dispose()
    })

    it('a sign-out in another tab', async () => {
      const hub = fakeChannelHub()
      const cookies = memoryCookies()
      const t = await signedInWithCart({ hub, cookies })
      const other = tab({ hub, cookies })
      await other.auth.ready
      await other.auth.logout()
      await expectSignedOut(t, other.server)
      t.auth.dispose()
    })

    it('a stored agent session the server refuses: its tokens go too, nobody appears signed in', async () => {
      const cookies = memoryCookies()
      cookies.jar.set(AUTH_COOKIES.accessToken, access('agent'))
      cookies.jar.set(AUTH_COOKIES.refreshToken, 'refresh-agent')
      const session = memoryStorage({
        [AUTH_STORAGE.noboCustomerId]: 'cust-5',
        [AUTH_STORAGE.csAgentId]: 'agent-7',
      })
      const t = tab({ cookies, session, noboRefused: true })
      await t.auth.ready
      await vi.waitFor(() => expect(t.auth.state$.value()).toEqual({ status: 'anonymous' }))
      expect(cookies.jar.has(AUTH_COOKIES.accessToken)).toBe(false)
      expect(session.getItem(AUTH_STORAGE.csAgentId)).toBeNull()
    })
  })

  it('tabs: a login, a refresh and a logout in one tab reach the other (BroadcastChannel)', async () => {
    const hub = fakeChannelHub()
    const cookies = memoryCookies()
    const a = tab({ hub, cookies })
    const b = tab({ hub, cookies })
    await Promise.all([a.auth.ready, b.auth.ready])
    await a.auth.login({ email: 'ann@shop.test', password: 'right-pass1' })
    await vi.waitFor(() => expect(b.auth.state$.value()).toEqual(signedInAs('Ann')))
    // The menu's wiring: a `logout` event signs out (the echo from the other tab must not leave twice).
    b.bus.on('logout', () => void b.auth.logout(), 'menu')
    const before = b.auth.state$.value()
    expect(await a.auth.staySignedIn()).toBe(true)
    expect(b.auth.state$.value()).not.toEqual(before) // new session expiry, read from the cookies
    expect(b.auth.state$.value()).toEqual(a.auth.state$.value())
    await a.auth.logout()
    expect(b.auth.state$.value()).toEqual({ status: 'anonymous' })
    expect(b.emitted('logout')).toEqual([{ referrer: '/cart?x=1' }])
    expect(b.events.find((e) => e.type === 'logout')?.source).toBe(OTHER_TAB_SOURCE)
    expect(a.events.find((e) => e.type === 'logout')?.source).toBe('auth')
    expect(b.idp.logouts).toEqual([]) // only the tab the shopper used leaves
    expect(a.idp.logouts).toHaveLength(1)
  })

  it("another tab's logout is echoed once, even when this tab's cookie check noticed it first", async () => {
    vi.useFakeTimers()
    const hub = fakeChannelHub()
    // The second tab's messages arrive only when released: its one-second check runs first.
    const held: (() => void)[] = []
    const late: ReturnType<typeof fakeChannelHub> = {
      ...hub,
      open: (name) => {
        const channel = hub.open(name)
        return {
          ...channel,
          addEventListener: (type, listener) =>
            channel.addEventListener(type, (e) => void held.push(() => listener(e))),
        }
      },
    }
    const cookies = memoryCookies()
    const a = tab({ hub, cookies })
    const b = tab({ hub: late, cookies })
    await Promise.all([a.auth.ready, b.auth.ready])
    await a.auth.login({ email: 'ann@shop.test', password: 'right-pass1' })
    for (const release of held.splice(0)) release()
    await vi.advanceTimersByTimeAsync(1000)
    expect(b.auth.state$.value()).toEqual(signedInAs('Ann'))
    await a.auth.logout()
    await vi.advanceTimersByTimeAsync(1000)
    expect(b.auth.state$.value()).toEqual({ status: 'anonymous' })
    expect(b.emitted('logout')).toEqual([])
    for (const release of held.splice(0)) release()
    expect(b.events.filter((e) => e.type === 'logout').map((e) => e.source)).toEqual([OTHER_TAB_SOURCE])
    a.auth.dispose()
    b.auth.dispose()
  })

  it('expiry dialog: shows at the lead time, "stay logged in" extends the session, hides when the cookie goes', async () => {
    vi.useFakeTimers()
    const t = tab({ siteConfig: { refreshTokenExpirySeconds: 300, sessionWarningLeadMinutes: 4 } })
    await t.auth.ready
    await t.auth.login({ email: 'ann@shop.test', password: 'right-pass1' })
    const state = t.auth.state$.value()
    const expiresAt = state.status === 'signedIn' ? state.sessionExpiresAt : 0
    expect(expiresAt).toBe(Date.now() + 300_000)
    await vi.advanceTimersByTimeAsync(59_000)
    expect(t.auth.expiryWarning$.value()).toEqual({ show: false })
    await vi.advanceTimersByTimeAsync(1000)
    expect(t.auth.expiryWarning$.value()).toEqual({ show: true, expiresAt })
    expect(await t.auth.staySignedIn()).toBe(true)
    expect(t.auth.expiryWarning$.value()).toEqual({ show: false })
    await vi.advanceTimersByTimeAsync(1_560_000)
    expect(t.auth.expiryWarning$.value().show).toBe(true) // the renewed session (1800 s) nears its end
    t.cookies.jar.delete(AUTH_COOKIES.sessionExpiryDate)
    await vi.advanceTimersByTimeAsync(1000)
    expect(t.auth.expiryWarning$.value()).toEqual({ show: false })
    t.auth.dispose()
  })

  it('the dialog stays off with the toggle off', async () => {
    vi.useFakeTimers()
    const t = tab({ siteConfig: { refreshTokenExpirySeconds: 60, sessionModalEnabled: false } })
    await t.auth.ready
    await t.auth.login({ email: 'ann@shop.test', password: 'right-pass1' })
    await vi.advanceTimersByTimeAsync(30_000)
    expect(t.auth.expiryWarning$.value()).toEqual({ show: false })
    t.auth.dispose()
  })

  it('agent session: flag, customer of the agent, agent headers, signedIn event, no expiry dialog', async () => {
    vi.useFakeTimers()
    const t = tab({ siteConfig: { noboRefreshTokenExpirySeconds: 120 } })
    await t.auth.ready
    expect(t.auth.isAgent()).toBe(false)
    const tokens = { ...tokenBody('agent'), token_type: 'Bearer', nobo: true }
    expect(await t.auth.startAgentSession(tokens, 'cust-5', 'agent-7')).toBe(true)
    expect(t.auth.isAgent()).toBe(true)
    expect(t.auth.state$.value()).toEqual({
      status: 'signedIn',
      firstName: 'Bea',
      customerId: 'cust-5',
      agent: { csAgentId: 'agent-7' },
      sessionExpiresAt: Date.now() + 120_000,
    })
    const read = t.server.to(`${REST}users/cust-5/getCustomerDetails`)[0]
    expect([read?.headers.get('customerId'), read?.headers.get('csAgentId')]).toEqual(['cust-5', 'agent-7'])
    expect(t.emitted('auth:signedIn')).toEqual([{ customerId: 'cust-5', source: 'agent' }])
    await vi.advanceTimersByTimeAsync(100_000)
    expect(t.auth.expiryWarning$.value()).toEqual({ show: false })
    t.auth.dispose()
  })

  it('a stored agent session is validated on start', async () => {
    const cookies = memoryCookies()
    cookies.jar.set(AUTH_COOKIES.accessToken, access('agent'))
    cookies.jar.set(AUTH_COOKIES.refreshToken, 'refresh-agent')
    const session = memoryStorage({
      [AUTH_STORAGE.noboCustomerId]: 'cust-5',
      [AUTH_STORAGE.csAgentId]: 'agent-7',
    })
    const t = tab({ cookies, session })
    expect(t.auth.isAgent()).toBe(false)
    const ready = t.auth.ready
    await ready
    expect(t.auth.isAgent()).toBe(true)
    expect(t.server.to('/api/auth/nobo')).toHaveLength(1)
    expect(t.server.to(`${REST}users/cust-5/getCustomerDetails`)).toHaveLength(1)
  })

  it('customize=true for a logged-out shopper generates the recipe set; a signed-in one does not', async () => {
    const anon = tab({ href: 'http://shop.test/quiz?customize=true' })
    await anon.auth.ready
    expect(anon.server.to(`${REST}generate-cart-item`)).toHaveLength(1)
    expect(anon.cookies.jar.get(AUTH_COOKIES.recipeSetId)).toBe('recipe-1')
    const cookies = memoryCookies()
    cookies.jar.set(AUTH_COOKIES.accessToken, access('signed-in'))
    cookies.jar.set(AUTH_COOKIES.refreshToken, 'refresh-1')
    cookies.jar.set(AUTH_COOKIES.customerFirstName, 'Ann')
    const signed = tab({ href: 'http://shop.test/quiz?customize=true', cookies })
    expect(signed.auth.state$.value()).toEqual(signedInAs('Ann')) // from the cookies, before any call
    await signed.auth.ready
    expect(signed.server.to(`${REST}generate-cart-item`)).toHaveLength(0)
  })

  it('an add-to-cart the page reports (page:cartAdd) refreshes the cart count 3 s later too', async () => {
    vi.useFakeTimers()
    const t = tab()
    await t.auth.ready
    // The README's example, as a product page raises it.
    t.bus.emit(
      'page:cartAdd',
      {
        location: 'product detail',
        variantCode: '5000-0101-0002-24',
        product: { code: '5000-0101', name: 'Dark Magic', brand: 'Green Mountain Coffee Roasters' },
        entry: { quantity: 2, orderEntryType: 'ADF' },
      },
      'page',
    )
    await vi.advanceTimersByTimeAsync(2999)
    expect(t.server.to(`${REST}users/anonymous/getCustomerDetails`)).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(t.server.to(`${REST}users/anonymous/getCustomerDetails`)).toHaveLength(2)
    t.auth.dispose()
  })

  it('updateCart refreshes the cart count 3 s later', async () => {
    vi.useFakeTimers()
    const t = tab()
    await t.auth.ready
    t.bus.emit('updateCart', {}, 'cart')
    await vi.advanceTimersByTimeAsync(2999)
    expect(t.server.to(`${REST}users/anonymous/getCustomerDetails`)).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(t.server.to(`${REST}users/anonymous/getCustomerDetails`)).toHaveLength(2)
    t.auth.dispose()
  })
})
