import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import {
  authorizeQuery,
  CLIENT_ID,
  EMAIL,
  exchange,
  form,
  idpApp,
  loginForCode,
  ORIGIN,
  openLogin,
  PASSWORD,
  postForm,
} from './testing/idpTestClient'

const json = async (res: Response) => (await res.json()) as Record<string, unknown>

describe('authorization code flow with PKCE', () => {
  it('logs in, redirects with code and state, and exchanges the code for verifiable tokens', async () => {
    const { app, auth } = await idpApp()
    const { res, tx, cookie } = await openLogin(app)
    expect(res.status).toBe(200)
    expect(cookie).toMatch(/^oh_idp_browser=/)

    const login = await postForm(app, '/authorize/login', { tx, email: EMAIL, password: PASSWORD }, cookie)
    expect(login.status).toBe(302)
    const back = new URL(login.headers.get('location') ?? '')
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/`)
    expect(back.searchParams.get('state')).toBe('c3RhdGU')
    const code = back.searchParams.get('code') ?? ''
    expect(code).toMatch(/^[\w-]{43}$/)

    const token = await exchange(app, { code })
    expect(token.status).toBe(200)
    expect(token.headers.get('cache-control')).toBe('no-store')
    const body = await json(token)
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'openid profile email offline_access' })
    expect(body.expires_in).toBeGreaterThan(0)
    expect(typeof body.refresh_token).toBe('string')
    expect(await auth.tokens.verifyAccess(String(body.access_token))).toMatchObject({ brand: 'usb2c' })

    // What auth0-spa-js checks in the id token (src/jwt.ts): RS256, iss = domain + '/', aud, nonce, sub, exp, iat.
    const idToken = String(body.id_token)
    expect(decodeProtectedHeader(idToken).alg).toBe('RS256')
    const jwks = await json(await app.request(`${ORIGIN}/.well-known/jwks.json`))
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(jwks as never), {
      issuer: `${ORIGIN}/`,
      audience: CLIENT_ID,
    })
    expect(payload).toMatchObject({ nonce: 'bm9uY2U', email: EMAIL })
    expect(payload.sub).toBeTruthy()
    expect(typeof payload.iat).toBe('number')
  })

  it('accepts a JSON token request too', async () => {
    const { app } = await idpApp()
    const code = await loginForCode(app)
    expect((await exchange(app, { code }, true)).status).toBe(200)
  })

  it('refuses a wrong code verifier, and the code is then spent', async () => {
    const { app } = await idpApp()
    const code = await loginForCode(app)
    const wrong = await exchange(app, { code, code_verifier: 'x'.repeat(43) })
    expect(wrong.status).toBe(403)
    expect(await json(wrong)).toEqual({
      error: 'invalid_grant',
      error_description: 'Failed to verify code verifier',
    })
    expect((await exchange(app, { code })).status).toBe(403)
  })

  it('refuses a reused code and revokes what its first use issued', async () => {
    const { app, auth } = await idpApp()
    const code = await loginForCode(app)
    const first = await json(await exchange(app, { code }))
    const again = await exchange(app, { code })
    expect(again.status).toBe(403)
    expect((await json(again)).error).toBe('invalid_grant')
    expect(auth.revokedFamilies.has(auth.familyOf(String(first.refresh_token)) ?? '')).toBe(true)
  })

  it('refuses a redirect_uri other than the authorization request', async () => {
    const { app } = await idpApp()
    const code = await loginForCode(app)
    const res = await exchange(app, { code, redirect_uri: `${ORIGIN}/fr/accueil` })
    expect(res.status).toBe(403)
    expect((await json(res)).error).toBe('invalid_grant')
  })

  it('refuses another client and an expired code', async () => {
    let now = 1_000_000
    const { app } = await idpApp({ now: () => now })
    const code = await loginForCode(app)
    const other = await exchange(app, { code, client_id: 'someone-else' })
    expect(other.status).toBe(401)
    expect((await json(other)).error).toBe('invalid_client')
    now += 61_000
    expect((await exchange(app, { code })).status).toBe(403)
  })

  it('gives no refresh token without offline_access, and revokes the one it made', async () => {
    const { app, auth } = await idpApp()
    const code = await loginForCode(app, authorizeQuery({ scope: 'openid profile email' }))
    const body = await json(await exchange(app, { code }))
    expect(body.refresh_token).toBeUndefined()
    expect(body.access_token).toBeTruthy()
    expect(auth.revokedFamilies.size).toBe(1)
  })

  it('rotates refresh tokens with an id token, and a spent one is invalid_grant', async () => {
    const { app } = await idpApp()
    const first = await json(await exchange(app, { code: await loginForCode(app) }))
    const refresh = (refresh_token: string) =>
      app.request(`${ORIGIN}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form({
          grant_type: 'refresh_token',
          client_id: CLIENT_ID,
          refresh_token,
          redirect_uri: `${ORIGIN}/`,
        }),
      })
    const rotated = await refresh(String(first.refresh_token))
    expect(rotated.status).toBe(200)
    const next = await json(rotated)
    expect(next.refresh_token).not.toBe(first.refresh_token)
    expect(next.id_token).toBeTruthy()
    const reused = await refresh(String(first.refresh_token))
    expect(reused.status).toBe(403)
    expect((await json(reused)).error).toBe('invalid_grant')
  })

  it('answers unsupported grants and unreadable bodies as OAuth errors', async () => {
    const { app } = await idpApp()
    const res = await app.request(`${ORIGIN}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ grant_type: 'password', client_id: CLIENT_ID }),
    })
    expect(res.status).toBe(400)
    expect((await json(res)).error).toBe('unsupported_grant_type')
    const text = await app.request(`${ORIGIN}/oauth/token`, { method: 'POST', body: 'x' })
    expect((await json(text)).error).toBe('invalid_request')
  })

  it('serves userinfo for a valid access token and revokes on /oauth/revoke', async () => {
    const { app, auth } = await idpApp()
    const body = await json(await exchange(app, { code: await loginForCode(app) }))
    const info = await app.request(`${ORIGIN}/userinfo`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    })
    expect(await json(info)).toMatchObject({ email: EMAIL, given_name: 'Ada' })
    expect((await app.request(`${ORIGIN}/userinfo`)).status).toBe(401)
    const revoke = await app.request(`${ORIGIN}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: CLIENT_ID, token: body.refresh_token }),
    })
    expect(revoke.status).toBe(200)
    expect(auth.revokedFamilies.size).toBe(1)
  })

  it('publishes discovery with the requested origin as issuer', async () => {
    const { app } = await idpApp()
    const doc = await json(
      await app.request('http://cab2c.ca.localhost:4200/.well-known/openid-configuration'),
    )
    expect(doc).toMatchObject({
      issuer: 'http://cab2c.ca.localhost:4200/',
      authorization_endpoint: 'http://cab2c.ca.localhost:4200/authorize',
      token_endpoint: 'http://cab2c.ca.localhost:4200/oauth/token',
      jwks_uri: 'http://cab2c.ca.localhost:4200/.well-known/jwks.json',
      code_challenge_methods_supported: ['S256'],
    })
    const jwks = await app.request('http://cab2c.ca.localhost:4200/.well-known/jwks.json')
    expect(((await json(jwks)).keys as { alg: string }[])[0]?.alg).toBe('RS256')
  })
})
