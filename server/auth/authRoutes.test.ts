// @vitest-environment node
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AuthErrorSchema,
  ForgotPasswordResponseSchema,
  NoboSessionSchema,
  TokenResponseSchema,
} from '../../contracts/auth'
import { SERVER_BRANDS } from '../brands'
import { SEED_CUSTOMER } from '../fixtures/accounts'
import { ACCESS_TOKEN_ISSUER } from './jwtTokens'
import { type AccountTestApp, createAccountTestApp } from './testing/accountTestApp'

let t: AccountTestApp
/** Every response body of this file, to prove no password is ever echoed. */
const bodies: string[] = []
const passwords = new Set<string>([SEED_CUSTOMER.password])

beforeAll(async () => {
  t = await createAccountTestApp()
}, 60_000)
afterAll(() => t.close())

async function call(path: string, json?: unknown, headers: Record<string, string> = {}) {
  const res = await t.request('POST', path, { json, headers })
  const text = await res.text()
  bodies.push(text)
  return { res, status: res.status, body: text ? JSON.parse(text) : undefined }
}
const tokensOf = (body: unknown) => v.parse(TokenResponseSchema, body)
const errorOf = (body: unknown) => v.parse(AuthErrorSchema, body)
const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  call('/api/auth/login', { email, password, rememberMe: true }, headers)
const refresh = (
  refreshToken: string,
  path = '/api/auth/refreshToken',
  headers: Record<string, string> = {},
) => call(path, { refreshToken, clientId: SERVER_BRANDS.usb2c.auth.clientId }, headers)
async function nobo(accessToken: string) {
  const res = await t.request('GET', '/api/auth/nobo', {
    headers: { authorization: `Bearer ${accessToken}` },
  })
  return { status: res.status, body: await res.json() }
}
let signups = 0
async function signup(password = 'Brew2024x', brand = 'usb2c') {
  const email = `new${++signups}-${Date.now()}@example.com`
  passwords.add(password)
  const r = await call(
    '/api/auth/signup',
    { email, password, firstName: 'Robin', lastName: 'Lee' },
    { brand },
  )
  return { ...r, email, password }
}

describe('POST /api/auth/login', () => {
  it('signs the seed shopper in with a verifiable RS256 access token', async () => {
    const { status, body } = await login(SEED_CUSTOMER.email, SEED_CUSTOMER.password)
    expect(status).toBe(200)
    const tokens = tokensOf(body)
    expect(tokens).toMatchObject({
      expires_in: 900,
      refresh_expires_in: 1800,
      token_type: 'Bearer',
      nobo: false,
    })
    expect(tokens.refresh_token).toMatch(/^[\w-]{43}$/)
    const keys = createLocalJWKSet(await t.auth.tokens.jwks())
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, keys, {
      issuer: ACCESS_TOKEN_ISSUER,
      audience: SERVER_BRANDS.usb2c.auth.audience,
    })
    expect(protectedHeader.alg).toBe('RS256')
    expect(payload).toMatchObject({ brand: 'usb2c', customerId: '8000000101' })
    expect(payload.csAgentId).toBeUndefined()
    expect(payload.exp! - payload.iat!).toBe(900)
  })

  it('takes the brand from the brand header, else x-brand-agent, and accepts form bodies', async () => {
    const byHeader = await login(' Shopper@Brewco.example ', SEED_CUSTOMER.password, { brand: 'cab2c' })
    expect(decodeJwt(tokensOf(byHeader.body).access_token)).toMatchObject({
      brand: 'cab2c',
      customerId: '8100000101',
    })
    const form = new URLSearchParams({ ...SEED_CUSTOMER, rememberMe: 'on' })
    const res = await t.request('POST', '/api/auth/login', {
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-brand-agent': 'one-header/usafh' },
    })
    expect(res.status).toBe(200)
    expect(decodeJwt(tokensOf(await res.json()).access_token)).toMatchObject({ customerId: '8200000101' })
  })

  it('answers 401 invalid_credentials alike for a wrong password and an unknown email', async () => {
    passwords.add('Wrong-pass-1')
    const wrong = await login(SEED_CUSTOMER.email, 'Wrong-pass-1')
    const unknown = await login('nobody@example.com', 'Wrong-pass-1')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(errorOf(wrong.body)).toEqual(errorOf(unknown.body))
    expect(errorOf(wrong.body).error).toBe('invalid_credentials')
  })

  it('refuses with 429 after 10 failures for one email, even the right password', async () => {
    const { email, password } = await signup('Limit1234')
    passwords.add('Guess12345')
    for (let i = 0; i < 10; i++) expect((await login(email, 'Guess12345')).status).toBe(401)
    const limited = await login(email, password)
    expect(limited.status).toBe(429)
    expect(errorOf(limited.body).error).toBe('rate_limited')
    expect(Number(limited.res.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another email from the same address is not affected.
    expect((await login(SEED_CUSTOMER.email, SEED_CUSTOMER.password)).status).toBe(200)
  })
})

describe('POST /api/auth/signup', () => {
  it('creates the account (201, signed in) and the password then works for login', async () => {
    const { status, body, email, password } = await signup()
    expect(status).toBe(201)
    const claims = decodeJwt(tokensOf(body).access_token)
    expect(claims.customerId).toMatch(/^\d{10}$/)
    const again = await login(email.toUpperCase(), password)
    expect(again.status).toBe(200)
    expect(decodeJwt(tokensOf(again.body).access_token).sub).toBe(claims.sub)
  })

  it('answers 409 email_taken for an existing email, in any case', async () => {
    const { email } = await signup()
    const taken = await call('/api/auth/signup', {
      email: email.toUpperCase(),
      password: 'Other1234',
      firstName: 'X',
    })
    expect(taken.status).toBe(409)
    expect(errorOf(taken.body).error).toBe('email_taken')
    const seeded = await call('/api/auth/signup', { ...SEED_CUSTOMER, firstName: 'X' })
    expect(seeded.status).toBe(409)
  })

  it.each(['short1', 'lettersonly', '1234567890'])(
    'refuses the weak password %j with 400 invalid_request',
    async (pw) => {
      const { status, body } = await signup(pw)
      expect(status).toBe(400)
      expect(errorOf(body)).toEqual({
        error: 'invalid_request',
        error_description:
          "Wrong request body: 'password' must be at least 8 characters with a letter and a digit.",
      })
    },
  )
})

describe('POST /api/auth/forgotPassword', () => {
  it('answers {sent:true} for known and unknown emails and records both', async () => {
    for (const email of [SEED_CUSTOMER.email, 'ghost@example.com']) {
      const { status, body } = await call('/api/auth/forgotPassword', { email })
      expect(status).toBe(200)
      expect(v.parse(ForgotPasswordResponseSchema, body)).toEqual({ sent: true })
    }
    const { rows } = await t.db.query<{ email: string; known: boolean }>(
      'SELECT email, user_id IS NOT NULL AS known FROM password_reset_requests ORDER BY id',
    )
    expect(rows).toEqual([
      { email: SEED_CUSTOMER.email, known: true },
      { email: 'ghost@example.com', known: false },
    ])
  })
})

describe('refresh, reuse detection and logout', () => {
  it('rotates: a new pair each time, the old refresh token spent, on both paths', async () => {
    const first = tokensOf((await signup()).body)
    const second = await refresh(first.refresh_token)
    expect(second.status).toBe(200)
    const rotated = tokensOf(second.body)
    expect(rotated.refresh_token).not.toBe(first.refresh_token)
    expect(decodeJwt(rotated.access_token).sub).toBe(decodeJwt(first.access_token).sub)
    const third = await refresh(rotated.refresh_token, '/api/auth/refreshAuthToken')
    expect(third.status).toBe(200)
  })

  it('a spent token presented again revokes the family: the rotated-to token and its access token stop too', async () => {
    const first = tokensOf((await signup()).body)
    const rotated = tokensOf((await refresh(first.refresh_token)).body)
    const replay = await refresh(first.refresh_token)
    expect(replay.status).toBe(400)
    expect(errorOf(replay.body)).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token is reused: sign in again.',
    })
    const after = await refresh(rotated.refresh_token)
    expect(after.status).toBe(400)
    expect(errorOf(after.body).error).toBe('invalid_grant')
    expect((await nobo(rotated.access_token)).status).toBe(401)
  })

  it('an unknown refresh token is invalid_grant', async () => {
    const { status, body } = await refresh('not-a-token')
    expect(status).toBe(400)
    expect(errorOf(body).error).toBe('invalid_grant')
  })

  it('logout revokes the family (204); unknown tokens are ignored', async () => {
    const tokens = tokensOf((await signup()).body)
    const out = await t.request('POST', '/api/auth/logout', { json: { refreshToken: tokens.refresh_token } })
    expect(out.status).toBe(204)
    expect((await refresh(tokens.refresh_token)).status).toBe(400)
    const unknown = await t.request('POST', '/api/auth/logout', { json: { refreshToken: 'whatever' } })
    expect(unknown.status).toBe(204)
  })

  it('a prefetch of the logout page (a hovered link) ends nothing', async () => {
    const tokens = tokensOf((await signup()).body)
    const prefetch = await t.request('GET', '/logout', {
      headers: {
        host: 'localhost:4200',
        'sec-purpose': 'prefetch',
        cookie: `refresh_token=${tokens.refresh_token}`,
      },
    })
    expect(prefetch.status).toBe(200)
    expect(prefetch.headers.getSetCookie().some((line) => line.startsWith('refresh_token='))).toBe(false)
    expect((await refresh(tokens.refresh_token)).status).toBe(200)
  })

  it('the logout page opened by hand revokes the refresh token its cookie carries, as the logout call does', async () => {
    const tokens = tokensOf((await signup()).body)
    const page = await t.request('GET', '/logout', {
      headers: {
        host: 'localhost:4200',
        cookie: `refresh_token=${tokens.refresh_token}; access_token=${tokens.access_token}`,
      },
    })
    expect(page.status).toBe(200)
    expect(page.headers.getSetCookie().some((line) => line.startsWith('refresh_token=;'))).toBe(true)
    // A copy of the cookie taken before refreshes nothing afterwards.
    const after = await refresh(tokens.refresh_token)
    expect(after.status).toBe(400)
    expect(errorOf(after.body).error).toBe('invalid_grant')
  })
})

describe('lifetimes', () => {
  const ttl = { 'x-test-token-ttl': 'access=5,refresh=250' }

  it('x-test-token-ttl sets short lifetimes that expire on the server clock; rotation keeps them', async () => {
    const signed = await login(SEED_CUSTOMER.email, SEED_CUSTOMER.password, ttl)
    const tokens = tokensOf(signed.body)
    expect(tokens).toMatchObject({ expires_in: 5, refresh_expires_in: 250 })
    const claims = decodeJwt(tokens.access_token)
    expect(claims.exp! - claims.iat!).toBe(5)
    expect((await nobo(tokens.access_token)).status).toBe(200)
    t.advance(6)
    expect((await nobo(tokens.access_token)).status).toBe(401)
    const rotated = tokensOf((await refresh(tokens.refresh_token)).body)
    expect(rotated).toMatchObject({ expires_in: 5, refresh_expires_in: 250 })
    t.advance(251)
    const expired = await refresh(rotated.refresh_token)
    expect(expired.status).toBe(400)
    expect(errorOf(expired.body).error_description).toMatch(/expired/)
  })

  it('ignores x-test-token-ttl when the test switches are off, and refuses a malformed one', async () => {
    const off = t.sibling({ testFaults: false })
    const res = await off.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ttl },
      body: JSON.stringify(SEED_CUSTOMER),
    })
    expect(tokensOf(await res.json())).toMatchObject({ expires_in: 900, refresh_expires_in: 1800 })
    const bad = await login(SEED_CUSTOMER.email, SEED_CUSTOMER.password, {
      'x-test-token-ttl': 'access=soon',
    })
    expect(bad.status).toBe(400)
    expect(errorOf(bad.body).error_description).toMatch(/x-test-token-ttl is like access=5,refresh=250/)
  })
})

describe('GET /api/auth/nobo', () => {
  it("reads a customer's token as no agent session", async () => {
    const tokens = tokensOf((await login(SEED_CUSTOMER.email, SEED_CUSTOMER.password)).body)
    const { status, body } = await nobo(tokens.access_token)
    expect(status).toBe(200)
    expect(v.parse(NoboSessionSchema, body)).toEqual({
      isNoboUser: false,
      customerId: '8000000101',
      csAgentId: '',
    })
  })

  it('401 invalid_token without or with a bad bearer', async () => {
    const none = await t.request('GET', '/api/auth/nobo')
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"')
    const { status, body } = await nobo('abc.def.ghi')
    expect(status).toBe(401)
    expect(errorOf(body).error).toBe('invalid_token')
  })
})

describe('wrong-shaped requests are 400 with a clear message, never 500', () => {
  const send = async (path: string, body: string, type = 'application/json') => {
    const res = await t.request('POST', path, { body, headers: { 'content-type': type } })
    const text = await res.text()
    bodies.push(text)
    return { status: res.status, body: errorOf(JSON.parse(text)) }
  }

  it.each([
    ['/api/auth/login', '', /body is empty/],
    ['/api/auth/login', '{"email":', /not valid JSON/],
    ['/api/auth/login', '[1,2]', /must be a JSON object of fields, not an array/],
    ['/api/auth/login', '"x"', /must be a JSON object of fields, not string/],
    ['/api/auth/login', '{"email":42,"password":"x"}', /'email' must be string, not number/],
    ['/api/auth/login', '{"email":"a@b.co"}', /'password' is missing/],
    ['/api/auth/login', '{"email":"not-an-email","password":"x"}', /'email' must be an email address/],
    [
      '/api/auth/login',
      '{"email":"a@b.co","password":"x","rememberMe":"yes"}',
      /'rememberMe' must be boolean/,
    ],
    ['/api/auth/signup', '{"email":"a@b.co","password":"Abcdefg12"}', /'firstName' is missing/],
    ['/api/auth/refreshToken', '{}', /'refreshToken' is missing/],
    ['/api/auth/logout', '{"refreshToken":""}', /'refreshToken' must be at least 1 characters long/],
    ['/api/auth/forgotPassword', '{"email":null}', /'email' must be string/],
  ])('%s %s', async (path, body, message) => {
    const answer = await send(path, body)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('invalid_request')
    expect(answer.body.error_description).toMatch(message)
  })

  it('refuses other content types and unknown brands, and bodies over 16 KB with 413', async () => {
    expect((await send('/api/auth/login', 'email=a', 'text/plain')).body.error_description).toMatch(
      /application\/json or application\/x-www-form-urlencoded/,
    )
    const brand = await login(SEED_CUSTOMER.email, SEED_CUSTOMER.password, { brand: 'acme' })
    expect(brand.status).toBe(400)
    const big = await send(
      '/api/auth/login',
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(20_000) }),
    )
    expect(big.status).toBe(413)
  })

  it('never echoes a password, in any answer or log line', () => {
    expect(t.logs.some((line) => line.startsWith('[server]'))).toBe(false)
    for (const password of passwords) {
      for (const text of [...bodies, ...t.logs]) expect(text).not.toContain(password)
    }
  })
})
