// @vitest-environment node
/** The identity provider inside the whole reference server: real accounts, real signing keys. */
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_BRANDS } from '../brands'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import { s256Challenge } from './pkce'
import { form, VERIFIER } from './testing/idpTestClient'

const ORIGIN = 'http://cab2c.ca.localhost:4200'
const CLIENT_ID = SERVER_BRANDS.cab2c.auth.clientId

let server: ReferenceServer
// PGlite start plus migrations and seed can take a while on a busy 2-core machine.
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
}, 60_000)
afterAll(() => server?.close())

describe('local identity provider in the reference server', () => {
  it('signs up in French on the Canadian host, exchanges the code and rotates the refresh token', async () => {
    const { app } = server
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      audience: SERVER_BRANDS.cab2c.auth.audience,
      scope: 'openid profile email offline_access',
      redirect_uri: `${ORIGIN}/fr/accueil`,
      ui_locales: 'fr-CA',
      screen_hint: 'signup',
      response_type: 'code',
      response_mode: 'query',
      state: 'st',
      nonce: 'nn',
      code_challenge: s256Challenge(VERIFIER),
      code_challenge_method: 'S256',
    })
    const page = await app.request(`${ORIGIN}/authorize?${query}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    const html = await page.text()
    expect(html).toContain('<html lang="fr-CA">')
    expect(html).toContain('Créer votre compte Brewco Canada')
    const tx = /name="tx" value="([^"]+)"/.exec(html)?.[1] ?? ''
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? ''

    const email = `idp-${Date.now()}@example.com`
    const signup = await app.request(`${ORIGIN}/authorize/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: ORIGIN },
      body: form({ tx, firstName: 'Émilie', lastName: 'Roy', email, password: 'cafe2024' }),
    })
    expect(signup.status).toBe(302)
    const code = new URL(signup.headers.get('location') ?? '').searchParams.get('code') ?? ''

    const token = await app.request(`${ORIGIN}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({
        grant_type: 'authorization_code',
        client_id: CLIENT_ID,
        code,
        code_verifier: VERIFIER,
        redirect_uri: `${ORIGIN}/fr/accueil`,
      }),
    })
    expect(token.status).toBe(200)
    const body = (await token.json()) as Record<string, string>
    const jwks = (await (await app.request(`${ORIGIN}/.well-known/jwks.json`)).json()) as JSONWebKeySet
    const { payload, protectedHeader } = await jwtVerify(body.id_token ?? '', createLocalJWKSet(jwks), {
      issuer: `${ORIGIN}/`,
      audience: CLIENT_ID,
    })
    expect(protectedHeader.alg).toBe('RS256')
    expect(payload).toMatchObject({ nonce: 'nn', email, given_name: 'Émilie' })

    const refresh = (refresh_token: string) =>
      app.request(`${ORIGIN}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token }),
      })
    const rotated = await refresh(body.refresh_token ?? '')
    expect(rotated.status).toBe(200)
    const reused = await refresh(body.refresh_token ?? '')
    expect(reused.status).toBe(403)
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('logout redirects only on the same origin', async () => {
    const ok = await server.app.request(`${ORIGIN}/v2/logout?client_id=${CLIENT_ID}&returnTo=%2Flogout`)
    expect(ok.headers.get('location')).toBe(`${ORIGIN}/logout`)
    const evil = await server.app.request(
      `${ORIGIN}/v2/logout?client_id=${CLIENT_ID}&returnTo=%2F%2Fevil.com`,
    )
    expect(evil.status).toBe(400)
    expect(evil.headers.get('location')).toBeNull()
  })
})
