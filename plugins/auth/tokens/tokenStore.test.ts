import { describe, expect, it } from 'vitest'
import { AUTH_COOKIES, AUTH_STORAGE, SESSION_COOKIES, type TokenResponse } from '../../../contracts/auth'
import { unsignedJwt } from './jwt'
import { memoryStorage } from './storage'
import { EXPIRY_CONFIG, memoryCookies } from './testing'
import { createTokenStore } from './tokenStore'

const NOW = 1_700_000_000_000
const DAY = 86_400_000
const tokens = (extra: Partial<TokenResponse> = {}): TokenResponse => ({
  access_token: unsignedJwt({ sub: 'cust-9', exp: NOW / 1000 + 300 }),
  refresh_token: 'refresh-1',
  expires_in: 300,
  token_type: 'Bearer',
  nobo: false,
  ...extra,
})

function setup(allowed: readonly string[] | 'all' = 'all', session = memoryStorage()) {
  let now = NOW
  const cookies = memoryCookies(allowed)
  const local = memoryStorage()
  const store = createTokenStore({
    cookies: cookies.writer,
    session,
    local,
    config: () => EXPIRY_CONFIG,
    now: () => now,
  })
  return { store, cookies, local, session, at: (ms: number) => (now = ms) }
}

describe('token store', () => {
  it('writes the header spec §3 cookies through the cookie writer; the session ends refresh_expires_in later', () => {
    const { store, cookies, local } = setup()
    store.save(tokens({ refresh_expires_in: 3600 }), { source: 'password', rememberMe: true })
    const ends = NOW + 3_600_000
    expect(Object.fromEntries(cookies.jar)).toEqual({
      access_token: tokens().access_token,
      refresh_token: 'refresh-1',
      sessionExpiryDate: String(ends),
      isAuthenticated: 'true',
      userWasLoggedIn: 'true',
      remember_me: 'true',
      CustomerID: 'cust-9',
    })
    const days = (name: string) => cookies.writes.find((w) => w.name === name)?.options?.expiresDays
    expect(days('userWasLoggedIn')! * DAY).toBe(2_592_000_000)
    expect(days('refresh_token')! * DAY).toBeCloseTo(3_600_000)
    expect(store.sessionExpiresAt()).toBe(ends)
    // How long the session lasts in all, for the expiry warning's lead.
    expect(store.sessionLengthMs()).toBe(ends - NOW)
    expect(local.getItem(AUTH_STORAGE.loginSource)).toBe('password')
    expect(store.loginSource()).toBe('password')
  })

  it('without "keep me signed in" the session cookies have no expiry (closing the browser signs out)', () => {
    const { store, cookies } = setup()
    store.save(tokens({ refresh_expires_in: 3600 }), { source: 'password', rememberMe: false })
    const set = (name: string) =>
      cookies.writes.filter((w) => w.op === 'set' && w.name === name).at(-1) as { options: object }
    for (const name of [AUTH_COOKIES.accessToken, AUTH_COOKIES.refreshToken, AUTH_COOKIES.sessionExpiryDate])
      expect(set(name).options).toEqual({})
    // The 30-day marker is about the device, not the session: it keeps its lifetime.
    expect(set(AUTH_COOKIES.userWasLoggedIn).options).toEqual({ expiresDays: 30 })
    // A later refresh keeps the choice, read back from the remember_me cookie.
    store.save(tokens({ refresh_token: 'refresh-2', refresh_expires_in: 3600 }))
    expect(set(AUTH_COOKIES.refreshToken).options).toEqual({})
    store.save(tokens({ refresh_expires_in: 3600 }), { rememberMe: true })
    expect(set(AUTH_COOKIES.refreshToken).options).toEqual({ expiresDays: 3_600_000 / DAY })
  })

  it('session length: session storage override, else configuration; agents use the nobo expiry', () => {
    const a = setup('all', memoryStorage({ [AUTH_STORAGE.refreshTokenExpiry]: '600' }))
    a.store.save(tokens())
    expect(a.store.sessionExpiresAt()).toBe(NOW + 600_000)
    const b = setup()
    b.store.save(tokens())
    expect(b.store.sessionExpiresAt()).toBe(NOW + 1_800_000)
    const c = setup('all', memoryStorage({ [AUTH_STORAGE.refreshTokenExpiry]: '600' }))
    c.store.save(tokens({ nobo: true }))
    expect(c.store.sessionExpiresAt()).toBe(NOW + 900_000)
    const d = setup('all', memoryStorage({ [AUTH_STORAGE.csAgentId]: 'agent-7' }))
    d.store.save(tokens())
    expect(d.store.sessionExpiresAt()).toBe(NOW + 900_000)
  })

  it('header spec §5: valid only when present and not expired, compared in seconds; malformed is invalid', () => {
    const { store, at } = setup()
    store.save(tokens())
    expect(store.validAccessToken()).toBe(tokens().access_token)
    at(NOW + 299_999)
    expect(store.isValid(store.accessToken())).toBe(true)
    at(NOW + 300_000)
    expect(store.isValid(store.accessToken())).toBe(false)
    expect(store.validAccessToken()).toBeUndefined()
    expect(store.isValid(undefined)).toBe(false)
    expect(store.isValid('not.a.jwt')).toBe(false)
    expect(store.hasSession()).toBe(true) // the refresh token can get a new one
    at(NOW + 1_800_000)
    expect(store.hasSession()).toBe(false) // the session itself is over
  })

  it('an opaque (non-JWT) token is valid for expires_in in the tab that stored it', () => {
    const { store, at } = setup()
    store.save(tokens({ access_token: 'opaque', expires_in: 60 }))
    expect(store.validAccessToken()).toBe('opaque')
    at(NOW + 60_000)
    expect(store.validAccessToken()).toBeUndefined()
  })

  it('a cookie the configuration refuses is never written, but the page keeps the session', () => {
    const { store, cookies } = setup(['CustomerID'])
    store.save(tokens())
    expect([...cookies.jar.keys()]).toEqual(['CustomerID'])
    expect(store.validAccessToken()).toBe(tokens().access_token)
    store.clear()
    expect(store.accessToken()).toBeUndefined()
  })

  it('clear removes every session cookie and storage entry but keeps the 30-day marker', () => {
    const session = memoryStorage({ [AUTH_STORAGE.csAgentId]: 'a', [AUTH_STORAGE.noboCustomerId]: 'c' })
    const { store, cookies, local } = setup('all', session)
    store.save(tokens(), { source: 'idp' })
    local.setItem(AUTH_STORAGE.loginKey, 'true')
    cookies.writer.set(AUTH_COOKIES.priceGroup, 'PG1')
    store.clear()
    expect([...cookies.jar.keys()]).toEqual(['userWasLoggedIn'])
    for (const name of SESSION_COOKIES) expect(cookies.removals(name)).toBe(1)
    expect(local.dump()).toEqual({})
    expect(session.dump()).toEqual({})
    expect(store.hasSession()).toBe(false)
  })
})
