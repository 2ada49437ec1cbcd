// @vitest-environment node
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { migrate } from '../db/migrate'
import { seed } from '../db/seed'
import { openTestDatabase } from '../db/testing/testStore'
import type { AuthServices, UserRecord } from './authTypes'
import { createAuthServices } from './createAuthServices'

let db: Database
let auth: AuthServices
let offset = 0
let shopper: UserRecord
let agent: UserRecord

beforeAll(async () => {
  db = await openTestDatabase()
  await migrate(db)
  await seed(db)
  auth = createAuthServices(db, { AUTH_ACCESS_TTL_SECONDS: '60' }, () => Date.now() + offset)
  shopper = (await auth.accounts.findByCustomerId('usb2c', '8000000101'))!
  agent = (await auth.accounts.findByCustomerId('usb2c', 'CSA1001'))!
}, 60_000)
afterAll(() => db.close())

describe('token service', () => {
  it('takes lifetimes from the environment, and refuses a bad value by name', async () => {
    const tokens = await auth.tokens.issue(shopper, { clientId: 'c' })
    expect(tokens).toMatchObject({ expires_in: 60, refresh_expires_in: 1800 })
    expect(() => createAuthServices(db, { AUTH_REFRESH_TTL_SECONDS: '15m' })).toThrow(
      "AUTH_REFRESH_TTL_SECONDS must be a whole number of seconds from 1 to 2592000, not '15m'.",
    )
  })

  it('access tokens verify until they expire, and a tampered one never', async () => {
    const { access_token } = await auth.tokens.issue(shopper, {
      clientId: 'c',
      lifetimes: { accessSeconds: 30 },
    })
    const claims = await auth.tokens.verifyAccess(access_token)
    expect(claims).toEqual({
      sub: shopper.id,
      brand: 'usb2c',
      customerId: '8000000101',
      exp: expect.any(Number),
    })
    const [head, body, sig] = access_token.split('.')
    const forged = Buffer.from(
      JSON.stringify({ ...decodeJwt(access_token), customerId: '8100000101' }),
    ).toString('base64url')
    expect(await auth.tokens.verifyAccess(`${head}.${forged}.${sig}`)).toBeUndefined()
    expect(await auth.tokens.verifyAccess(`${head}.${body}`)).toBeUndefined()
    offset += 31_000
    expect(await auth.tokens.verifyAccess(access_token)).toBeUndefined()
  })

  it('an id token cannot pass as an access token', async () => {
    const idToken = await auth.tokens.idToken(shopper, {
      clientId: 'oh-usb2c-web-7Qd2xK',
      issuer: 'http://x/',
    })
    expect(await auth.tokens.verifyAccess(idToken)).toBeUndefined()
  })

  it('stores refresh tokens only as hashes, and agent sessions with the nobo refresh lifetime', async () => {
    const tokens = await auth.tokens.issue(agent, { clientId: 'c', actingFor: shopper })
    expect(tokens).toMatchObject({ nobo: true, refresh_expires_in: 900 })
    const { rows } = await db.query<{ token_hash: string }>('SELECT token_hash FROM refresh_tokens')
    expect(rows.map((r) => r.token_hash)).not.toContain(tokens.refresh_token)
    expect(await auth.tokens.verifyAccess(tokens.access_token)).toMatchObject({
      sub: shopper.id,
      customerId: '8000000101',
      csAgentId: 'CSA1001',
    })
    const rotated = await auth.tokens.rotate(tokens.refresh_token)
    expect(rotated).toMatchObject({ nobo: true, refresh_expires_in: 900 })
  })

  it('only an agent may act for a customer of its own brand', async () => {
    await expect(auth.tokens.issue(shopper, { clientId: 'c', actingFor: shopper })).rejects.toThrow(
      /Only an agent/,
    )
    const canadian = (await auth.accounts.findByCustomerId('cab2c', '8100000101'))!
    await expect(auth.tokens.issue(agent, { clientId: 'c', actingFor: canadian })).rejects.toThrow(
      /same brand/,
    )
  })

  it('rotation reports why a token is refused', async () => {
    const first = await auth.tokens.issue(shopper, { clientId: 'c', lifetimes: { refreshSeconds: 10 } })
    const second = await auth.tokens.rotate(first.refresh_token)
    expect(second).toMatchObject({ refresh_expires_in: 10 })
    if ('error' in second) throw new Error('rotation failed')
    offset += 11_000
    expect(await auth.tokens.rotate(second.refresh_token)).toEqual({
      error: 'invalid_grant',
      reason: 'expired',
    })
    expect(await auth.tokens.rotate(first.refresh_token)).toEqual({
      error: 'invalid_grant',
      reason: 'reused',
    })
    expect(await auth.tokens.rotate(second.refresh_token)).toEqual({
      error: 'invalid_grant',
      reason: 'revoked',
    })
    expect(await auth.tokens.rotate('nope')).toEqual({ error: 'invalid_grant', reason: 'unknown' })
  })

  it('after logout the refresh token is revoked; its access token runs out on its own', async () => {
    const tokens = await auth.tokens.issue(shopper, { clientId: 'c' })
    await auth.tokens.revoke(tokens.refresh_token)
    expect(await auth.tokens.rotate(tokens.refresh_token)).toEqual({
      error: 'invalid_grant',
      reason: 'revoked',
    })
    expect(await auth.tokens.verifyAccess(tokens.access_token)).toBeDefined()
  })

  it('signs OpenID id tokens verifiable with the published JWK set', async () => {
    const jwks = await auth.tokens.jwks()
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) })
    expect(jwks.keys[0]).not.toHaveProperty('d')
    const idToken = await auth.tokens.idToken(shopper, {
      clientId: 'oh-usb2c-web-7Qd2xK',
      issuer: 'http://localhost:4200/',
      nonce: 'n-1',
    })
    expect(decodeProtectedHeader(idToken).kid).toBe(jwks.keys[0]!.kid)
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(jwks), {
      issuer: 'http://localhost:4200/',
      audience: 'oh-usb2c-web-7Qd2xK',
      currentDate: new Date(Date.now() + offset),
    })
    expect(payload).toMatchObject({
      sub: shopper.id,
      nonce: 'n-1',
      email: 'shopper@brewco.example',
      given_name: 'Jamie',
      name: 'Jamie Rivera',
    })
  })
})
