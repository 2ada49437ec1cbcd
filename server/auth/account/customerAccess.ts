import type { Context } from 'hono'
import type { Brand } from '../../../site/brand'
import type { AccessClaims, AuthServices } from '../authTypes'
import { AccessError } from '../refusals'
import { bearerToken } from '../requestContext'

/** The `users/{customerParam}` segment of a signed-in call: `current`, or the customer's id (agents, header spec §6). */
export const CURRENT_USER = 'current'

/** The claims of the call's valid bearer token for this brand; 401 otherwise. */
export async function requireAccess(c: Context, auth: AuthServices, brand: Brand): Promise<AccessClaims> {
  const token = bearerToken(c)
  if (!token) {
    throw new AccessError(
      401,
      'InvalidTokenError',
      'This call needs a signed-in customer: send Authorization: Bearer <access token>.',
    )
  }
  const claims = await auth.tokens.verifyAccess(token)
  if (!claims) {
    throw new AccessError(
      401,
      'InvalidTokenError',
      'The access token is expired or not valid: refresh it and retry.',
    )
  }
  if (claims.brand !== brand) {
    throw new AccessError(401, 'InvalidTokenError', `The access token is for ${claims.brand}, not ${brand}.`)
  }
  return claims
}

/**
 * The bearer's claims, when they may read `users/{customerParam}`: the token's own customer, as
 * `current` or by id (403 for anyone else's). An agent token must also carry the customerId and
 * csAgentId headers of its session (header spec §6), so a stale agent tab cannot act for another
 * customer.
 */
export async function requireCustomer(
  c: Context,
  auth: AuthServices,
  brand: Brand,
  customerParam: string,
): Promise<AccessClaims> {
  const claims = await requireAccess(c, auth, brand)
  if (customerParam !== CURRENT_USER && customerParam !== claims.customerId) {
    throw new AccessError(
      403,
      'ForbiddenError',
      `The access token may read only its own customer: use users/${CURRENT_USER}/… or users/{its customerId}/….`,
    )
  }
  if (claims.csAgentId !== undefined) {
    const customerId = c.req.header('customerId')
    const csAgentId = c.req.header('csAgentId')
    if (customerId !== claims.customerId || csAgentId !== claims.csAgentId) {
      throw new AccessError(
        403,
        'ForbiddenError',
        'An agent session must send the customerId and csAgentId headers of its token (header spec §6).',
      )
    }
  }
  return claims
}
