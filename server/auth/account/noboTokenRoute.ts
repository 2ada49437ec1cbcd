import type { Hono } from 'hono'
import { SERVER_BRANDS } from '../../brands'
import { ApiError } from '../../http/apiError'
import { REST_BASE } from '../../rest/cmsRoutes'
import { brandParam, requiredQuery } from '../../rest/params'
import { issueAgentTokens } from '../agentTokens'
import type { AuthServices } from '../authTypes'
import { AccessError, withRefusals } from '../refusals'
import { testTokenLifetimes } from '../testTokenTtl'
import { requireAccess } from './customerAccess'

/**
 * GET rest/v2/{brand}/extractNoboToken?customerId=… (header spec §7 "auto-login params → nobo
 * token"): a signed-in agent, sending their own access token as the bearer, gets an agent session
 * for that customer: a TokenResponse with `nobo: true` plus `customerId` and `csAgentId`, whose
 * access token carries both. The agent signs in first like anyone (POST /api/auth/login), or in one
 * step with POST /api/auth/nobo/login.
 */
export function registerNoboTokenRoute(app: Hono, auth: AuthServices, testHooks: boolean): void {
  app.get(
    `${REST_BASE}/extractNoboToken`,
    withRefusals(async (c) => {
      const brand = brandParam(c)
      const customerId = requiredQuery(c, 'customerId', 'the id of the customer the agent acts for')
      const claims = await requireAccess(c, auth, brand)
      const agent = await auth.accounts.findUser(claims.sub)
      if (agent?.role !== 'agent' || claims.csAgentId !== undefined) {
        throw new AccessError(
          403,
          'ForbiddenError',
          "Only an agent's own session may start an agent session.",
        )
      }
      const customer = await auth.accounts.findByCustomerId(brand, customerId)
      if (customer?.role !== 'customer') {
        throw new ApiError(
          404,
          'UnknownIdentifierError',
          `No ${brand} customer with id '${customerId.slice(0, 64)}'.`,
        )
      }
      const lifetimes = testTokenLifetimes(c, testHooks)
      const clientId = c.req.query('clientId')?.trim() || SERVER_BRANDS[brand].auth.clientId
      return c.json(await issueAgentTokens(auth, agent, customer, { clientId, lifetimes }))
    }),
  )
}
