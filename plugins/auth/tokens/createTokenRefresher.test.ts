import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_COOKIES } from '../../../contracts/auth'
import { createHttpClient } from '../../../kernel/http/createHttpClient'
import { createTokenRefresher, REFRESH_PATH, ROTATE_PATH, SessionEndedError } from './createTokenRefresher'

/** Either refresh path (the fake BFF answers both alike, as the real one does). */
const isRefresh = (path: string) => path === REFRESH_PATH || path === ROTATE_PATH

import { unsignedJwt } from './jwt'
import { memoryStorage } from './storage'
import { createTabSync, type LockManagerLike, REFRESH_LOCK } from './tabSync'
import {
  EXPIRY_CONFIG,
  type FakeAnswer,
  type FakeRequest,
  fakeChannelHub,
  fakeFetch,
  fakeLocks,
  memoryCookies,
} from './testing'
import { createTokenStore } from './tokenStore'

const Me = v.object({ name: v.string() })
// Fixed once, so a token made now and one made a second later compare equal.
const IN_AN_HOUR = Math.floor(Date.now() / 1000) + 3600
const inAnHour = () => IN_AN_HOUR
const jwt = (id: string, exp = inAnHour()) => unsignedJwt({ sub: 'c1', exp, jti: id })

function tab(options: {
  cookies?: ReturnType<typeof memoryCookies>
  locks?: LockManagerLike | null
  hub?: ReturnType<typeof fakeChannelHub>
  answer?: (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>
  /** Site configuration rotate.token.expiry.seconds (0: off, the default here). */
  rotateWithinSeconds?: number
}) {
  const cookies = options.cookies ?? memoryCookies()
  const store = createTokenStore({
    cookies: cookies.writer,
    session: memoryStorage(),
    local: memoryStorage(),
    config: () => EXPIRY_CONFIG,
    now: Date.now,
  })
  let rotations = 0
  const server = fakeFetch(
    options.answer ??
      ((req) => {
        if (!isRefresh(req.url.pathname)) return { status: 200, body: { name: 'me' } }
        rotations += 1
        return {
          status: 200,
          body: {
            access_token: jwt(`rotated-${rotations}`),
            refresh_token: `refresh-${rotations + 1}`,
            expires_in: 3600,
          },
        }
      }),
  )
  vi.stubGlobal('fetch', server.fetch)
  const http = createHttpClient({ brand: 'usb2c', origin: 'http://shop.test', correlationId: () => 'cid' })
  const ended: string[] = []
  const logged: string[] = []
  const sync = createTabSync({ locks: options.locks ?? null, channel: options.hub?.open ?? null })
  const refresher = createTokenRefresher({
    store,
    http,
    sync,
    clientId: () => 'client-1',
    rotateWithinSeconds: () => options.rotateWithinSeconds ?? 0,
    log: (type, message) => logged.push(`${type}: ${message}`),
    onSessionEnded: (reason) => ended.push(reason),
  })
  http.installTokenPort(refresher)
  return { store, cookies, server, http, refresher, ended, logged, sync }
}

const signIn = (store: ReturnType<typeof createTokenStore>, access: string, refresh = 'refresh-1') =>
  store.save({
    access_token: access,
    refresh_token: refresh,
    expires_in: 3600,
    token_type: 'Bearer',
    nobo: false,
  })

describe('token refresher', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('a late 401 for an older token resolves at once with the newer token: no second refresh', async () => {
    const t = tab({})
    const old = jwt('old')
    signIn(t.store, old)
    t.refresher.dropAccessToken(old)
    await t.refresher.refresh(old)
    const fresh = t.store.accessToken()
    expect(fresh).toBe(jwt('rotated-1'))
    // The 401 for a call that carried `old` arrives now.
    t.refresher.dropAccessToken(old)
    await t.refresher.refresh(old)
    expect(t.server.to(REFRESH_PATH)).toHaveLength(1)
    expect(t.refresher.accessToken()).toBe(fresh)
  })

  it('an expired token is refreshed before a bearer call; concurrent calls wait (30 ms polls) for one refresh', async () => {
    vi.useFakeTimers()
    const t = tab({})
    signIn(t.store, jwt('expired', Math.floor(Date.now() / 1000) - 1))
    const calls = [1, 2, 3].map(() => t.http.request({ path: 'users/current/x', schema: Me, bearer: true }))
    await vi.advanceTimersByTimeAsync(60)
    const results = await Promise.all(calls)
    expect(results.every((r) => r.ok)).toBe(true)
    expect(t.server.to(REFRESH_PATH)).toHaveLength(1)
    const bearers = t.server.requests
      .filter((r) => r.url.pathname !== REFRESH_PATH)
      .map((r) => r.headers.get('authorization'))
    expect(bearers).toEqual(Array(3).fill(`Bearer ${jwt('rotated-1')}`))
  })

  it('refreshNow (rotateToken, stay logged in) refreshes a valid token; a second call joins the flight', async () => {
    const t = tab({})
    signIn(t.store, jwt('valid'))
    const [a, b] = await Promise.all([t.refresher.refreshNow(), t.refresher.refreshNow()])
    expect([a, b]).toEqual(['refreshed', 'refreshed'])
    // A rotation of a valid token goes to refreshAuthToken; refreshToken is for expired ones (header spec §7).
    expect(t.server.to(ROTATE_PATH)).toHaveLength(1)
    expect(t.server.to(REFRESH_PATH)).toHaveLength(0)
    expect(t.refresher.isRefreshing()).toBe(false)
  })

  it('rotate.token.expiry.seconds: a bearer call on a token with less than that left goes at once and rotates it behind', async () => {
    const now = Math.floor(Date.now() / 1000)
    // A 900 s token issued 610 s ago: 290 s left, inside the 300 s window.
    const t = tab({ rotateWithinSeconds: 300 })
    const ending = unsignedJwt({ sub: 'c1', iat: now - 610, exp: now + 290, jti: 'ending' })
    signIn(t.store, ending)
    const first = await t.http.request({ path: 'users/current/x', schema: Me, bearer: true })
    expect(first.ok).toBe(true)
    const bearerCalls = () => t.server.requests.filter((r) => !isRefresh(r.url.pathname))
    expect(bearerCalls()[0]?.headers.get('authorization')).toBe(`Bearer ${ending}`) // not held back
    await vi.waitFor(() => expect(t.server.to(ROTATE_PATH)).toHaveLength(1))
    expect(t.server.to(REFRESH_PATH)).toHaveLength(0)
    await t.http.request({ path: 'users/current/x', schema: Me, bearer: true })
    expect(bearerCalls().at(-1)?.headers.get('authorization')).toBe(`Bearer ${jwt('rotated-1')}`)
    expect(t.server.to(ROTATE_PATH)).toHaveLength(1) // the rotated token has an hour: no more rotations
  })

  it('a rotation in the window that fails (server down) is not tried again for that token', async () => {
    const now = Math.floor(Date.now() / 1000)
    const t = tab({
      rotateWithinSeconds: 300,
      answer: (req) =>
        isRefresh(req.url.pathname) ? { status: 503, body: {} } : { status: 200, body: { name: 'me' } },
    })
    signIn(t.store, unsignedJwt({ sub: 'c1', iat: now - 610, exp: now + 290, jti: 'ending' }))
    await t.http.request({ path: 'users/current/x', schema: Me, bearer: true })
    await vi.waitFor(() => expect(t.refresher.isRefreshing()).toBe(false))
    for (let i = 0; i < 3; i++) await t.http.request({ path: 'users/current/x', schema: Me, bearer: true })
    await new Promise((r) => setTimeout(r, 20))
    expect(t.server.to(ROTATE_PATH)).toHaveLength(1)
  })

  it('no rotation with more than the window left, with the window at 0, or before half a short token has passed', async () => {
    const now = Math.floor(Date.now() / 1000)
    const plenty = tab({ rotateWithinSeconds: 300 })
    signIn(plenty.store, unsignedJwt({ sub: 'c1', iat: now - 100, exp: now + 800 }))
    await plenty.http.request({ path: 'users/current/x', schema: Me, bearer: true })
    const off = tab({ rotateWithinSeconds: 0 })
    signIn(off.store, unsignedJwt({ sub: 'c1', iat: now - 890, exp: now + 10 }))
    await off.http.request({ path: 'users/current/x', schema: Me, bearer: true })
    // A 60 s token (tests, agents) is rotated in its last 30 s, not on every call of its life.
    const short = tab({ rotateWithinSeconds: 300 })
    signIn(short.store, unsignedJwt({ sub: 'c1', iat: now - 20, exp: now + 40 }))
    await short.http.request({ path: 'users/current/x', schema: Me, bearer: true })
    await new Promise((r) => setTimeout(r, 20))
    for (const t of [plenty, off, short]) expect(t.server.to(ROTATE_PATH)).toHaveLength(0)
    expect(short.store.rotationDue(unsignedJwt({ sub: 'c1', iat: now - 31, exp: now + 29 }), 300)).toBe(true)
  })

  it('invalid_grant ends the session cleanly: cookies cleared, waiters rejected, no retry loop', async () => {
    const hub = fakeChannelHub()
    const t = tab({ hub, answer: () => ({ status: 400, body: { error: 'invalid_grant' } }) })
    const old = jwt('old')
    signIn(t.store, old)
    t.refresher.dropAccessToken(old)
    await expect(t.refresher.refresh(old)).rejects.toBeInstanceOf(SessionEndedError)
    expect(t.ended).toEqual(['the refresh token was refused (invalid_grant)'])
    expect(t.cookies.jar.has(AUTH_COOKIES.refreshToken)).toBe(false)
    expect(hub.posted).toEqual([{ type: 'loggedOut', reason: 'sessionEnded' }])
    // Nothing left to refresh with: later calls are refused at once, without a request.
    await expect(t.refresher.refresh(old)).rejects.toBeInstanceOf(SessionEndedError)
    await t.refresher.whenIdle()
    expect(t.server.to(REFRESH_PATH)).toHaveLength(1)
    expect(t.ended).toHaveLength(1)
  })

  it('invalid_grant ends the session even while the access token is still valid', async () => {
    const t = tab({ answer: () => ({ status: 401, body: { error: 'invalid_grant' } }) })
    signIn(t.store, jwt('valid'))
    expect(await t.refresher.refreshNow()).toBe('ended')
    expect(t.store.hasSession()).toBe(false)
  })

  it('a failed refresh falls back to the still-valid access token (header spec §4) and logs it', async () => {
    const t = tab({ answer: () => ({ status: 503, body: 'down' }) })
    signIn(t.store, jwt('valid'))
    expect(await t.refresher.refreshNow()).toBe('fallback')
    expect(t.store.validAccessToken()).toBe(jwt('valid'))
    expect(t.ended).toEqual([])
    expect(t.logged[0]).toMatch(
      /^AUTH_REFRESH_FAILED: token refresh failed: POST \/api\/auth\/refreshAuthToken answered 503/,
    )
  })

  it('Web Lock: when another tab refreshed while this one waited for the lock, no request is made', async () => {
    const shared = memoryCookies()
    const { locks, requested } = fakeLocks()
    const a = tab({ cookies: shared, locks })
    const b = tab({ cookies: shared, locks })
    const old = jwt('old')
    signIn(a.store, old)
    // Tab B holds the lock and rotates; tab A's 401 for `old` queues behind it.
    const bDone = b.refresher.refreshNow()
    const aDone = a.refresher.refresh(old)
    await Promise.all([bDone, aDone])
    expect(requested).toEqual([REFRESH_LOCK, REFRESH_LOCK])
    expect(b.server.to(ROTATE_PATH)).toHaveLength(1) // both tabs share the stubbed fetch
    expect(b.server.to(REFRESH_PATH)).toHaveLength(0)
    expect(a.store.accessToken()).toBe(jwt('rotated-1'))
  })

  it('without Web Locks or BroadcastChannel the refresher keeps to in-tab single flight', async () => {
    const sync = createTabSync({ locks: undefined, channel: undefined })
    expect(typeof sync.crossTab.locks).toBe('boolean')
    sync.dispose()
    const t = tab({ locks: null })
    expect(t.sync.crossTab).toEqual({ locks: false, channel: false })
    signIn(t.store, jwt('valid'))
    expect(await t.refresher.refreshNow()).toBe('refreshed')
  })

  it('a refused lock falls back to refreshing in the tab', async () => {
    const t = tab({ locks: { request: () => Promise.reject(new DOMException('no', 'SecurityError')) } })
    signIn(t.store, jwt('valid'))
    expect(await t.refresher.refreshNow()).toBe('refreshed')
  })
})

describe('sign-out during a refresh', () => {
  it('the answer of a refresh that was out when the shopper signed out is not stored', async () => {
    let release: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      release = resolve
    })
    const t = tab({
      answer: async (req) => {
        if (!isRefresh(req.url.pathname)) return { status: 200, body: { name: 'me' } }
        await answered
        return {
          status: 200,
          body: { access_token: jwt('rotated'), refresh_token: 'refresh-2', expires_in: 3600 },
        }
      },
    })
    signIn(t.store, jwt('first'))
    const refreshing = t.refresher.refreshNow()
    await vi.waitFor(() => expect(t.server.requests.length).toBe(1))
    t.store.clear()
    release()
    await refreshing
    expect(t.store.accessToken()).toBeUndefined()
    expect(t.store.refreshToken()).toBeUndefined()
    expect(t.cookies.jar.get(AUTH_COOKIES.accessToken)).toBeUndefined()
  })
})
