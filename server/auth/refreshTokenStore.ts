import type { Database } from '../db/database'
import type { TokenLifetimes } from './authTypes'

/** A session as the refresh tables keep it (migration 0005 refresh_token_families). */
export interface Family {
  id: string
  userId: string
  actingFor: string | null
  clientId: string
  lifetimes: TokenLifetimes
}

interface FamilyRow {
  id: string
  user_id: string
  acting_for: string | null
  client_id: string
  access_ttl_seconds: number
  refresh_ttl_seconds: number
}

const toFamily = (r: FamilyRow): Family => ({
  id: r.id,
  userId: r.user_id,
  actingFor: r.acting_for,
  clientId: r.client_id,
  lifetimes: { accessSeconds: r.access_ttl_seconds, refreshSeconds: r.refresh_ttl_seconds },
})

/** Why a refresh token could not be spent. */
export type SpendRefusal = 'unknown' | 'expired' | 'revoked' | 'reused'

const FAMILY_COLUMNS =
  'f.id, f.user_id, f.acting_for, f.client_id, f.access_ttl_seconds, f.refresh_ttl_seconds'
const iso = (ms: number) => new Date(ms).toISOString()

/**
 * Sessions and their refresh tokens (stored by hash). Times come from the caller's clock, so tests
 * can move time without sleeping.
 */
export function createRefreshTokenStore(db: Database) {
  return {
    async createFamily(family: Family): Promise<void> {
      await db.query(
        `INSERT INTO refresh_token_families
           (id, user_id, acting_for, client_id, access_ttl_seconds, refresh_ttl_seconds)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          family.id,
          family.userId,
          family.actingFor,
          family.clientId,
          family.lifetimes.accessSeconds,
          family.lifetimes.refreshSeconds,
        ],
      )
    },

    async addToken(familyId: string, tokenHash: string, expiresAtMs: number): Promise<void> {
      await db.query('INSERT INTO refresh_tokens (token_hash, family_id, expires_at) VALUES ($1, $2, $3)', [
        tokenHash,
        familyId,
        iso(expiresAtMs),
      ])
    },

    /**
     * Spends a live token in one statement (two concurrent refreshes cannot both spend it) and returns
     * its session; otherwise says why it is not live. A spent token is reported as 'reused'.
     */
    async spend(tokenHash: string, nowMs: number): Promise<Family | SpendRefusal> {
      const spent = await db.query<FamilyRow>(
        `UPDATE refresh_tokens t SET spent_at = $2
         FROM refresh_token_families f
         WHERE t.token_hash = $1 AND f.id = t.family_id
           AND t.spent_at IS NULL AND t.expires_at > $2 AND f.revoked_at IS NULL
         RETURNING ${FAMILY_COLUMNS}`,
        [tokenHash, iso(nowMs)],
      )
      if (spent.rows[0]) return toFamily(spent.rows[0])
      const { rows } = await db.query<{ spent: boolean; revoked: boolean }>(
        `SELECT t.spent_at IS NOT NULL AS spent, f.revoked_at IS NOT NULL AS revoked
         FROM refresh_tokens t JOIN refresh_token_families f ON f.id = t.family_id
         WHERE t.token_hash = $1`,
        [tokenHash],
      )
      const row = rows[0]
      if (!row) return 'unknown'
      if (row.revoked) return 'revoked'
      return row.spent ? 'reused' : 'expired'
    },

    /** Ends the session of a token (logout, reuse); later refreshes and its access tokens fail. */
    async revokeFamilyOf(tokenHash: string, reason: 'logout' | 'reused', nowMs: number): Promise<void> {
      await db.query(
        `UPDATE refresh_token_families SET revoked_at = $3, revoked_reason = $2
         WHERE revoked_at IS NULL AND id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
        [tokenHash, reason, iso(nowMs)],
      )
    },

    /**
     * Whether access tokens of this session still count: the session exists and was not ended for
     * reuse (a sign the refresh token was stolen). A logout leaves them to run out on their own, as
     * self-contained tokens do (the identity provider also drops refresh tokens it was not asked for).
     */
    /**
     * Who a refresh token would sign in, without spending it: the user and, for an agent session, the
     * customer acted for; undefined for an unknown, spent, expired or revoked token.
     */
    async liveOwner(
      tokenHash: string,
      nowMs: number,
    ): Promise<{ userId: string; actingFor: string | null } | undefined> {
      const { rows } = await db.query<{ userId: string; actingFor: string | null }>(
        `SELECT f.user_id AS "userId", f.acting_for AS "actingFor"
           FROM refresh_tokens t JOIN refresh_token_families f ON f.id = t.family_id
          WHERE t.token_hash = $1 AND t.spent_at IS NULL AND t.expires_at > $2 AND f.revoked_at IS NULL`,
        [tokenHash, new Date(nowMs)],
      )
      return rows[0]
    },

    async allowsAccess(familyId: string): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM refresh_token_families
         WHERE id = $1 AND revoked_reason IS DISTINCT FROM 'reused'`,
        [familyId],
      )
      return rows.length > 0
    },
  }
}

export type RefreshTokenStore = ReturnType<typeof createRefreshTokenStore>
