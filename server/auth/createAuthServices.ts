import type { Database } from '../db/database'
import { createAccountStore } from './accountStore'
import type { AuthServices } from './authTypes'
import { createRefreshTokenStore } from './refreshTokenStore'
import { createSigningKeys } from './signingKeys'
import { lifetimesFromEnv } from './tokenLifetimes'
import { createTokenService } from './tokenService'

/**
 * Accounts and tokens over the store. Synchronous: signing keys are loaded on first use. Token
 * lifetimes come from AUTH_ACCESS_TTL_SECONDS, AUTH_REFRESH_TTL_SECONDS and
 * AUTH_NOBO_REFRESH_TTL_SECONDS (auth/tokenLifetimes.ts); `now` lets tests move time.
 */
export function createAuthServices(
  db: Database,
  env: NodeJS.ProcessEnv = process.env,
  now: () => number = Date.now,
): AuthServices {
  const accounts = createAccountStore(db)
  const tokens = createTokenService({
    accounts,
    refresh: createRefreshTokenStore(db),
    keys: createSigningKeys(db),
    defaults: lifetimesFromEnv(env),
    now,
  })
  return { accounts, tokens }
}
