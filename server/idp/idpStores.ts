import { randomBytes } from 'node:crypto'
import type { Brand } from '../../site/brand'
import { createFailureLimiter, type FailureLimiter, SIGN_IN_THROTTLE } from '../auth/failureLimiter'
import type { AuthorizeParams } from './authorizeRequest'
import { ExpiringStore } from './expiringStore'

/** A login page in progress: the checked /authorize request, bound to the browser that asked. */
export interface LoginTransaction {
  params: AuthorizeParams
  brand: Brand
  origin: string
  /** The `oh_idp_browser` cookie value of the browser that opened the page (login-CSRF guard). */
  browser: string
  /** Wrong passwords so far; at the limit the transaction is dropped. */
  attempts: number
}

/** A one-time authorization code and what it was issued for. */
export interface CodeGrant {
  userId: string
  clientId: string
  redirectUri: string
  codeChallenge: string
  nonce?: string
  scope: string
  /** Set on first use; a second use revokes what the first one issued (RFC 6749 header spec §4.1.2). */
  spent?: { refreshToken?: string }
}

export interface IdpOptions {
  /** Clock for expiry (tests). Default Date.now. */
  now?: () => number
  /** Authorization code lifetime; default 60 s. */
  codeTtlMs?: number
  /** Login page lifetime; default 30 minutes. */
  transactionTtlMs?: number
  /** Wrong passwords allowed per login page; default 10. */
  maxAttempts?: number
  /** The password throttle shared with /api/auth/login, so a new login page buys no new guesses. */
  signInThrottle?: FailureLimiter
}

export interface IdpStores {
  transactions: ExpiringStore<LoginTransaction>
  codes: ExpiringStore<CodeGrant>
  maxAttempts: number
  signInThrottle: FailureLimiter
}

/**
 * In memory: a reference server restart costs an open login page or an unexchanged code, which the
 * shopper recovers from by starting again. Nothing that must survive a restart (accounts, refresh
 * tokens) lives here.
 */
export function createIdpStores(opts: IdpOptions = {}): IdpStores {
  return {
    transactions: new ExpiringStore(opts.transactionTtlMs ?? 30 * 60_000, 10_000, opts.now),
    codes: new ExpiringStore(opts.codeTtlMs ?? 60_000, 10_000, opts.now),
    maxAttempts: opts.maxAttempts ?? 10,
    signInThrottle: opts.signInThrottle ?? createFailureLimiter(SIGN_IN_THROTTLE),
  }
}

/** 256 random bits, base64url: transaction ids, codes, browser ids. */
export const randomId = (): string => randomBytes(32).toString('base64url')
