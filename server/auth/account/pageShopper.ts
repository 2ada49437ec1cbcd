import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { AUTH_COOKIES } from '../../../contracts/auth'
import type { Brand } from '../../../site/brand'
import type { Database } from '../../db/database'
import type { AuthServices } from '../authTypes'
import { hashOpaqueToken } from '../opaqueToken'

/**
 * The signed-in customer a store page is served to, from the cookies the header keeps: a valid
 * access token for this brand, else a live refresh token (the access token lasts 15 minutes; a
 * returning shopper's header refreshes it only after the page is served, and the page must already
 * hold the rows that shopper will see). Agent sessions and anything else: nobody. Reads only: the
 * refresh token is not spent.
 */
export async function pageShopper(
  c: Context,
  auth: Pick<AuthServices, 'tokens'>,
  db: Database,
  brand: Brand,
): Promise<string | undefined> {
  const access = getCookie(c, AUTH_COOKIES.accessToken)
  const claims = access ? await auth.tokens.verifyAccess(access).catch(() => undefined) : undefined
  if (claims) return claims.brand === brand && claims.csAgentId === undefined ? claims.sub : undefined
  const refresh = getCookie(c, AUTH_COOKIES.refreshToken)
  if (!refresh || refresh.length > 512) return undefined
  const { rows } = await db.query<{ userId: string }>(
    `SELECT f.user_id AS "userId"
       FROM refresh_tokens t
       JOIN refresh_token_families f ON f.id = t.family_id
       JOIN users u ON u.id = f.user_id
      WHERE t.token_hash = $1 AND t.spent_at IS NULL AND t.expires_at > now()
        AND f.revoked_at IS NULL AND f.acting_for IS NULL AND u.brand = $2 AND u.role = 'customer'`,
    [hashOpaqueToken(refresh), brand],
  )
  return rows[0]?.userId
}
