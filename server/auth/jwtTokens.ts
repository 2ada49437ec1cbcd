import { jwtVerify, SignJWT } from 'jose'
import { isBrand } from '../../site/brand'
import { SERVER_BRANDS } from '../brands'
import type { AccessClaims, UserRecord } from './authTypes'
import { type LoadedKeys, SIGNING_ALG } from './signingKeys'

/**
 * `iss` of every access token. One name for the server, whatever host it was reached by
 * (localhost, cab2c.ca.localhost, ...), so a token stays valid across the brands' dev hosts.
 */
export const ACCESS_TOKEN_ISSUER = 'urn:brewco:one-header:reference-server'
/** RFC 9068 access-token type: an id token can never pass as an access token. */
const ACCESS_TYP = 'at+jwt'
/** OpenID id tokens are read once at sign-in; an hour is the usual lifetime. */
const ID_TOKEN_SECONDS = 3600

/** An access token's claims before signing; `sid` names the session (refresh-token family). */
export interface AccessTokenInput {
  sub: string
  brand: AccessClaims['brand']
  customerId: string
  csAgentId?: string
  sid: string
}

export const audienceOf = (brand: AccessClaims['brand']) => SERVER_BRANDS[brand].auth.audience

export function signAccessToken(keys: LoadedKeys, input: AccessTokenInput, nowSeconds: number, ttl: number) {
  const { sub, ...claims } = input
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.kid, typ: ACCESS_TYP })
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(audienceOf(input.brand))
    .setSubject(sub)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + ttl)
    .sign(keys.privateKey)
}

/** The claims of a well-signed, unexpired access token of this server, else undefined (never throws). */
export async function verifyAccessToken(
  keys: LoadedKeys,
  jwt: string,
  nowSeconds: number,
): Promise<(AccessClaims & { sid: string }) | undefined> {
  try {
    const { payload } = await jwtVerify(jwt, keys.verifyKey, {
      issuer: ACCESS_TOKEN_ISSUER,
      algorithms: [SIGNING_ALG],
      typ: ACCESS_TYP,
      currentDate: new Date(nowSeconds * 1000),
      requiredClaims: ['sub', 'exp', 'aud'],
    })
    const { sub, brand, customerId, csAgentId, sid, exp, aud } = payload
    if (!isBrand(brand) || aud !== audienceOf(brand)) return undefined
    if (typeof sub !== 'string' || typeof customerId !== 'string' || typeof sid !== 'string') return undefined
    if (typeof exp !== 'number' || (csAgentId !== undefined && typeof csAgentId !== 'string'))
      return undefined
    return { sub, brand, customerId, exp, sid, ...(csAgentId ? { csAgentId } : {}) }
  } catch {
    return undefined
  }
}

/** An OpenID Connect id token for the local identity provider (`aud` is the client). */
export function signIdToken(
  keys: LoadedKeys,
  user: UserRecord,
  opts: { clientId: string; issuer: string; nonce?: string },
  nowSeconds: number,
) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ')
  return new SignJWT({
    email: user.email,
    email_verified: true,
    given_name: user.firstName,
    family_name: user.lastName,
    name,
    ...(opts.nonce ? { nonce: opts.nonce } : {}),
  })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.kid, typ: 'JWT' })
    .setIssuer(opts.issuer)
    .setAudience(opts.clientId)
    .setSubject(user.id)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + ID_TOKEN_SECONDS)
    .sign(keys.privateKey)
}
