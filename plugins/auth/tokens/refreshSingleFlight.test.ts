// Property: for any burst of 1–50 concurrent calls that get 401, exactly one refresh
// request, each call retried at most once, the refresh flag free afterwards; a failing refresh rejects
// every waiter and clears the cookies once. Through the REAL kernel HTTP client, with fast-check's
// scheduler deciding in which order every response (the refresh included) arrives.
import fc from 'fast-check'
import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_COOKIES } from '../../../contracts/auth'
import { createHttpClient } from '../../../kernel/http/createHttpClient'
import { createTokenRefresher, REFRESH_PATH } from './createTokenRefresher'
import { unsignedJwt } from './jwt'
import { memoryStorage } from './storage'
import { createTabSync } from './tabSync'
import { EXPIRY_CONFIG, type FakeAnswer, fakeFetch, fakeLocks, memoryCookies } from './testing'
import { createTokenStore } from './tokenStore'

const Me = v.object({ name: v.string() })
const RUNS = 60

type RefreshAnswer = 'ok' | 'invalid_grant' | 'server_error' | 'network'

function burst(s: fc.Scheduler, refreshAnswer: RefreshAnswer, withLocks: boolean) {
  const exp = Math.floor(Date.now() / 1000) + 3600
  const OLD = unsignedJwt({ sub: 'c1', exp, jti: 'old' })
  const NEW = unsignedJwt({ sub: 'c1', exp, jti: 'new' })
  const cookies = memoryCookies()
  const store = createTokenStore({
    cookies: cookies.writer,
    session: memoryStorage(),
    local: memoryStorage(),
    config: () => EXPIRY_CONFIG,
    now: Date.now,
  })
  store.save({
    access_token: OLD,
    refresh_token: 'refresh-1',
    expires_in: 3600,
    token_type: 'Bearer',
    nobo: false,
  })
  const attempts = new Map<string, number>()
  const server = fakeFetch((req): FakeAnswer => {
    if (req.url.pathname === REFRESH_PATH) {
      if (refreshAnswer === 'ok')
        return { status: 200, body: { access_token: NEW, refresh_token: 'refresh-2', expires_in: 3600 } }
      if (refreshAnswer === 'invalid_grant') return { status: 401, body: { error: 'invalid_grant' } }
      if (refreshAnswer === 'network') throw new TypeError('fetch failed')
      return { status: 503, body: { error: 'down' } }
    }
    const call = req.url.searchParams.get('call') ?? '?'
    attempts.set(call, (attempts.get(call) ?? 0) + 1)
    return req.headers.get('authorization') === `Bearer ${NEW}`
      ? { status: 200, body: { name: 'me' } }
      : { status: 401, body: {} }
  })
  // Every response, the refresh's included, arrives when the scheduler says.
  vi.stubGlobal('fetch', s.scheduleFunction(server.fetch))
  const http = createHttpClient({ brand: 'usb2c', origin: 'http://shop.test', correlationId: () => 'cid' })
  const refresher = createTokenRefresher({
    store,
    http,
    sync: createTabSync({ locks: withLocks ? fakeLocks().locks : null, channel: null }),
    clientId: () => 'client-1',
    log: () => {},
  })
  http.installTokenPort(refresher)
  return { http, refresher, attempts, server, cookies, store, NEW }
}

const fire = (http: ReturnType<typeof createHttpClient>, n: number) =>
  Array.from({ length: n }, (_, i) =>
    http.request({
      path: 'users/current/thing',
      query: { call: i },
      schema: Me,
      bearer: true,
      refreshOn401: true,
    }),
  )

describe('token refresh single flight (property, fast-check scheduler)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('a burst of 401s makes exactly one refresh; every call retried at most once and answered', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 50 }), fc.boolean(), async (s, n, locks) => {
        const env = burst(s, 'ok', locks)
        const results = await s.waitFor(Promise.all(fire(env.http, n)))
        expect(env.server.to(REFRESH_PATH)).toHaveLength(1)
        expect(env.server.to(REFRESH_PATH)[0]?.body).toEqual({
          refreshToken: 'refresh-1',
          clientId: 'client-1',
        })
        for (let i = 0; i < n; i++) expect(env.attempts.get(String(i))).toBeLessThanOrEqual(2)
        expect(results.every((r) => r.ok)).toBe(true)
        expect(env.refresher.isRefreshing()).toBe(false)
        expect(env.store.accessToken()).toBe(env.NEW)
      }),
      { numRuns: RUNS },
    )
  })

  it('a failing refresh rejects every waiter (each call ends as a 401) and clears the cookies once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 1, max: 50 }),
        fc.constantFrom<RefreshAnswer>('invalid_grant', 'server_error', 'network'),
        fc.boolean(),
        async (s, n, answer, locks) => {
          const env = burst(s, answer, locks)
          const results = await s.waitFor(Promise.all(fire(env.http, n)))
          expect(env.server.to(REFRESH_PATH)).toHaveLength(1)
          for (const r of results) expect(!r.ok && r.error.status).toBe(401)
          for (let i = 0; i < n; i++) expect(env.attempts.get(String(i))).toBeLessThanOrEqual(2)
          expect(env.cookies.removals(AUTH_COOKIES.refreshToken)).toBe(1)
          expect(env.cookies.jar.has(AUTH_COOKIES.refreshToken)).toBe(false)
          expect(env.cookies.jar.has(AUTH_COOKIES.sessionExpiryDate)).toBe(false)
          expect(env.refresher.isRefreshing()).toBe(false)
        },
      ),
      { numRuns: RUNS },
    )
  })
})
