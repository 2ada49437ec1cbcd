/**
 * An in-memory AuthServices for the identity-provider tests: plain-text passwords, RS256 tokens
 * (jose), refresh rotation with reuse detection. Not for the server: auth/createAuthServices.ts is.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose'
import type { Brand } from '../../../site/brand'
import type { AuthServices, IssuedTokens, RotateFailure, UserRecord } from '../../auth/authTypes'

interface RefreshRecord {
  userId: string
  family: string
  spent: boolean
}

export interface FakeAuth extends AuthServices {
  /** Adds a customer with this password. */
  addUser(brand: Brand, email: string, password: string, firstName?: string): Promise<UserRecord>
  /** Families revoked so far (logout, reuse, replayed code). */
  revokedFamilies: Set<string>
  familyOf(refreshToken: string): string | undefined
}

export async function createFakeAuth(opts: { accessSeconds?: number; refreshSeconds?: number } = {}) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  const kid = 'fake-key-1'
  const accessSeconds = opts.accessSeconds ?? 300
  const refreshSeconds = opts.refreshSeconds ?? 1800
  const users = new Map<string, UserRecord & { password: string }>()
  const refresh = new Map<string, RefreshRecord>()
  const revokedFamilies = new Set<string>()

  const publicUser = ({ password: _p, ...user }: UserRecord & { password: string }): UserRecord => user

  async function issueInFamily(user: UserRecord, family: string): Promise<IssuedTokens> {
    const access_token = await new SignJWT({ brand: user.brand, customerId: user.customerId })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(`${accessSeconds}s`)
      .sign(privateKey)
    const refresh_token = randomBytes(24).toString('base64url')
    refresh.set(refresh_token, { userId: user.id, family, spent: false })
    return {
      access_token,
      refresh_token,
      expires_in: accessSeconds,
      refresh_expires_in: refreshSeconds,
      token_type: 'Bearer',
      nobo: false,
    }
  }

  const auth: FakeAuth = {
    revokedFamilies,
    familyOf: (token) => refresh.get(token)?.family,
    async addUser(brand, email, password, firstName = 'Ada') {
      const created = await auth.accounts.createUser({
        brand,
        email,
        password,
        firstName,
        lastName: 'Lovelace',
      })
      if (created === 'email_taken') throw new Error(`fake: ${email} exists`)
      return created
    },
    accounts: {
      async createUser(input) {
        const email = input.email.toLowerCase()
        for (const u of users.values()) if (u.brand === input.brand && u.email === email) return 'email_taken'
        const user = {
          id: randomUUID(),
          brand: input.brand,
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          customerId: `c-${users.size + 1}`,
          role: 'customer' as const,
          password: input.password,
        }
        users.set(user.id, user)
        return publicUser(user)
      },
      async verifyPassword(brand, email, password) {
        for (const u of users.values())
          if (u.brand === brand && u.email === email.toLowerCase() && u.password === password)
            return publicUser(u)
        return undefined
      },
      async findUser(id) {
        const u = users.get(id)
        return u && publicUser(u)
      },
      async findByCustomerId(brand, customerId) {
        for (const u of users.values())
          if (u.brand === brand && u.customerId === customerId) return publicUser(u)
        return undefined
      },
    },
    tokens: {
      issue: (user) => issueInFamily(user, randomUUID()),
      async rotate(token): Promise<IssuedTokens | RotateFailure> {
        const record = refresh.get(token)
        if (!record) return { error: 'invalid_grant', reason: 'unknown' }
        if (revokedFamilies.has(record.family)) return { error: 'invalid_grant', reason: 'revoked' }
        if (record.spent) {
          revokedFamilies.add(record.family)
          return { error: 'invalid_grant', reason: 'reused' }
        }
        record.spent = true
        const user = users.get(record.userId)
        if (!user) return { error: 'invalid_grant', reason: 'unknown' }
        return issueInFamily(publicUser(user), record.family)
      },
      async ownerOf(token) {
        const record = refresh.get(token)
        if (!record || record.spent || revokedFamilies.has(record.family)) return undefined
        return { userId: record.userId, actingFor: null }
      },
      async revoke(token) {
        const record = refresh.get(token)
        if (record) revokedFamilies.add(record.family)
      },
      async verifyAccess(jwt) {
        try {
          const { payload } = await jwtVerify(jwt, publicKey, { algorithms: ['RS256'] })
          return {
            sub: String(payload.sub),
            brand: payload.brand as Brand,
            customerId: String(payload.customerId),
            exp: Number(payload.exp),
          }
        } catch {
          return undefined
        }
      },
      async idToken(user, o) {
        return new SignJWT({
          ...(o.nonce !== undefined ? { nonce: o.nonce } : {}),
          email: user.email,
          given_name: user.firstName,
          family_name: user.lastName,
          name: `${user.firstName} ${user.lastName}`,
        })
          .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
          .setIssuer(o.issuer)
          .setAudience(o.clientId)
          .setSubject(user.id)
          .setIssuedAt()
          .setExpirationTime('10h')
          .sign(privateKey)
      },
      async jwks() {
        return { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] }
      },
    },
  }
  return auth
}
