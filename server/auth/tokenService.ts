import { randomUUID } from 'node:crypto'
import type { AccountStore, IssuedTokens, TokenLifetimes, TokenService, UserRecord } from './authTypes'
import { signAccessToken, signIdToken, verifyAccessToken } from './jwtTokens'
import { hashOpaqueToken, newOpaqueToken } from './opaqueToken'
import type { Family, RefreshTokenStore } from './refreshTokenStore'
import type { SigningKeys } from './signingKeys'
import type { LifetimeDefaults } from './tokenLifetimes'

export interface TokenServiceDeps {
  accounts: AccountStore
  refresh: RefreshTokenStore
  keys: SigningKeys
  defaults: LifetimeDefaults
  /** Epoch milliseconds; tests pass a clock they can move. */
  now: () => number
}

/** Only the lifetimes actually given override the defaults (an explicit undefined does not). */
function withOverrides(base: TokenLifetimes, given: Partial<TokenLifetimes> | undefined): TokenLifetimes {
  return {
    accessSeconds: given?.accessSeconds ?? base.accessSeconds,
    refreshSeconds: given?.refreshSeconds ?? base.refreshSeconds,
  }
}

/**
 * Signed RS256 access tokens and rotating opaque refresh tokens. A session is a refresh-token
 * family: each refresh spends the presented token and adds a new one with a fresh expiry; a spent
 * token presented again means it was stolen or replayed, so the whole family is revoked.
 */
export function createTokenService(deps: TokenServiceDeps): TokenService {
  const { accounts, refresh, keys, defaults, now } = deps
  const nowSeconds = () => Math.floor(now() / 1000)

  /** New tokens in `family`: the signed-in user, or for an agent session the customer acted for. */
  async function mint(family: Family, user: UserRecord, actingFor?: UserRecord): Promise<IssuedTokens> {
    const { accessSeconds, refreshSeconds } = family.lifetimes
    const refreshToken = newOpaqueToken()
    await refresh.addToken(family.id, hashOpaqueToken(refreshToken), now() + refreshSeconds * 1000)
    const subject = actingFor ?? user
    const accessToken = signAccessToken(
      await keys.load(),
      {
        sub: subject.id,
        brand: subject.brand,
        customerId: subject.customerId,
        ...(actingFor ? { csAgentId: user.customerId } : {}),
        sid: family.id,
      },
      nowSeconds(),
      accessSeconds,
    )
    return {
      access_token: await accessToken,
      refresh_token: refreshToken,
      expires_in: accessSeconds,
      refresh_expires_in: refreshSeconds,
      token_type: 'Bearer',
      nobo: actingFor !== undefined,
    }
  }

  return {
    async issue(user, opts) {
      const { actingFor } = opts
      if (
        actingFor &&
        (user.role !== 'agent' || actingFor.role !== 'customer' || actingFor.brand !== user.brand)
      ) {
        throw new Error(
          `Only an agent may act for a customer of the same brand (${user.role} of ${user.brand} for ${actingFor.role} of ${actingFor.brand}).`,
        )
      }
      const family: Family = {
        id: randomUUID(),
        userId: user.id,
        actingFor: actingFor?.id ?? null,
        clientId: opts.clientId,
        lifetimes: withOverrides(actingFor ? defaults.agent : defaults.customer, opts.lifetimes),
      }
      await refresh.createFamily(family)
      return mint(family, user, actingFor)
    },

    async rotate(refreshToken, opts) {
      const tokenHash = hashOpaqueToken(refreshToken)
      const spent = await refresh.spend(tokenHash, now())
      if (spent === 'reused') await refresh.revokeFamilyOf(tokenHash, 'reused', now())
      if (typeof spent === 'string') return { error: 'invalid_grant', reason: spent }
      const user = await accounts.findUser(spent.userId)
      const actingFor = spent.actingFor ? await accounts.findUser(spent.actingFor) : undefined
      if (!user || (spent.actingFor && !actingFor)) return { error: 'invalid_grant', reason: 'unknown' }
      return mint({ ...spent, lifetimes: withOverrides(spent.lifetimes, opts?.lifetimes) }, user, actingFor)
    },

    async revoke(refreshToken) {
      await refresh.revokeFamilyOf(hashOpaqueToken(refreshToken), 'logout', now())
    },

    ownerOf: (refreshToken) => refresh.liveOwner(hashOpaqueToken(refreshToken), now()),

    async verifyAccess(jwt) {
      const claims = await verifyAccessToken(await keys.load(), jwt, nowSeconds())
      // A session revoked for reuse ends its access tokens too, not only its refresh tokens.
      if (!claims || !(await refresh.allowsAccess(claims.sid))) return undefined
      const { sid: _sid, ...accessClaims } = claims
      return accessClaims
    },

    async idToken(user, opts) {
      return signIdToken(await keys.load(), user, opts, nowSeconds())
    },

    async jwks() {
      return (await keys.load()).jwks
    },
  }
}
