/**
 * The reference server's account layer as the routes see it: accounts (scrypt-hashed passwords) and
 * tokens (jose-signed JWT access tokens, rotating refresh tokens with reuse detection). The auth
 * back-end-for-frontend (`/api/auth/*`), the REST account routes and the local identity provider
 * (`server/idp`) all use these two, so a session made one way is valid every way.
 */
import type { JSONWebKeySet } from 'jose'
import type { Brand } from '../../site/brand'

export interface UserRecord {
  id: string
  brand: Brand
  email: string
  firstName: string
  lastName: string
  /** The customer id the REST API uses (`users/{customerParam}`), and the CustomerID cookie. */
  customerId: string
  /** An agent (customer-service, nobo) may act for a customer (header spec §6). */
  role: 'customer' | 'agent'
}

export interface TokenLifetimes {
  accessSeconds: number
  refreshSeconds: number
}

/** The body of a successful login, sign-up or refresh (contracts/auth.ts TokenResponseSchema). */
export interface IssuedTokens {
  access_token: string
  refresh_token: string
  expires_in: number
  refresh_expires_in: number
  token_type: 'Bearer'
  nobo: boolean
}

/** Claims of an access token the server accepts. */
export interface AccessClaims {
  /** The user id. */
  sub: string
  brand: Brand
  customerId: string
  /** Set on agent tokens: the agent's id, and the customer it acts for is `customerId`. */
  csAgentId?: string
  exp: number
}

export type RotateFailure = { error: 'invalid_grant'; reason: 'unknown' | 'expired' | 'revoked' | 'reused' }

export interface AccountStore {
  createUser(input: {
    brand: Brand
    email: string
    password: string
    firstName: string
    lastName: string
  }): Promise<UserRecord | 'email_taken'>
  /** Constant-time on a wrong password and on an unknown email alike. */
  verifyPassword(brand: Brand, email: string, password: string): Promise<UserRecord | undefined>
  findUser(id: string): Promise<UserRecord | undefined>
  findByCustomerId(brand: Brand, customerId: string): Promise<UserRecord | undefined>
}

export interface TokenService {
  /** A new session (refresh-token family). `actingFor` makes an agent session for that customer. */
  issue(
    user: UserRecord,
    opts: { clientId: string; lifetimes?: Partial<TokenLifetimes>; actingFor?: UserRecord },
  ): Promise<IssuedTokens>
  /** Refresh-token rotation: the old token is spent; presenting a spent one revokes its whole family. */
  rotate(
    refreshToken: string,
    opts?: { lifetimes?: Partial<TokenLifetimes> },
  ): Promise<IssuedTokens | RotateFailure>
  /** Logout: the token's family is revoked. Unknown tokens are ignored. */
  revoke(refreshToken: string): Promise<void>
  /** Who a live refresh token belongs to (and, for an agent session, acts for), without spending it. */
  ownerOf(refreshToken: string): Promise<{ userId: string; actingFor: string | null } | undefined>
  verifyAccess(jwt: string): Promise<AccessClaims | undefined>
  /** An OpenID id token for the local identity provider. */
  idToken(user: UserRecord, opts: { clientId: string; issuer: string; nonce?: string }): Promise<string>
  /** Public keys, for `/.well-known/jwks.json`. */
  jwks(): Promise<JSONWebKeySet>
}

export interface AuthServices {
  accounts: AccountStore
  tokens: TokenService
}
