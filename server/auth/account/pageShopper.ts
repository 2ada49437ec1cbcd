import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { AUTH_COOKIES } from '../../../contracts/auth'
import type { Brand } from '../../../site/brand'
import type { AuthServices } from '../authTypes'

/**
 * The signed-in customer a store page is served to, from the cookies the header keeps: a valid
 * access token for this brand, else a live refresh token (the access token lasts 15 minutes; a
 * returning shopper's header refreshes it only after the page is served, and the page must already
 * hold the rows that shopper will see). Agent sessions and anything else: nobody. Reads only: the
 * refresh token is not spent.
 */
export async function pageShopper(
  c: Context,
  auth: Pick<AuthServices, 'tokens' | 'accounts'>,
  brand: Brand,
): Promise<string | undefined> {
  const access = getCookie(c, AUTH_COOKIES.accessToken)
  const claims = access ? await auth.tokens.verifyAccess(access).catch(() => undefined) : undefined
  if (claims) return claims.brand === brand && claims.csAgentId === undefined ? claims.sub : undefined
  const refresh = getCookie(c, AUTH_COOKIES.refreshToken)
  if (!refresh || refresh.length > 512) return undefined
  const owner = await auth.tokens.ownerOf(refresh)
  if (!owner || owner.actingFor !== null) return undefined
  const user = await auth.accounts.findUser(owner.userId)
  return user?.brand === brand && user.role === 'customer' ? user.id : undefined
}
