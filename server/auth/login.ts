import type { Context } from 'hono'
import * as v from 'valibot'
import { LoginRequestSchema } from '../../contracts/auth'
import { SERVER_BRANDS } from '../brands'
import { readBody } from '../http/readBody'
import { normalizeEmail } from './accountStore'
import { issueAgentTokens } from './agentTokens'
import type { AuthServices, UserRecord } from './authTypes'
import { type FailureLimiter, signInKey } from './failureLimiter'
import { AuthError } from './refusals'
import { clientAddress, requestBrand } from './requestContext'
import { testTokenLifetimes } from './testTokenTtl'

/** Agent sign-in: the agent's own email and password, and the customer to act for. */
export const NoboLoginRequestSchema = v.object({
  ...LoginRequestSchema.entries,
  customerId: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)),
})

const invalidRequest = (message: string) => new AuthError(400, 'invalid_request', message)
const WRONG = 'The email or password is not right.'

/**
 * POST /api/auth/login and /api/auth/nobo/login. Wrong password and unknown email get the same
 * answer in the same time; after 10 failures in 5 minutes for one email from one address, further
 * attempts get 429 with Retry-After until the window has room again.
 */
export function createLogin(auth: AuthServices, limiter: FailureLimiter, testHooks: boolean) {
  async function signIn(c: Context, email: string, password: string): Promise<UserRecord> {
    const brand = requestBrand(c)
    const key = signInKey(brand, normalizeEmail(email), clientAddress(c))
    const wait = await limiter.retryAfter(key)
    if (wait > 0) {
      throw new AuthError(
        429,
        'rate_limited',
        `Too many failed sign-ins: try again in ${wait} seconds.`,
        wait,
      )
    }
    const user = await auth.accounts.verifyPassword(brand, email, password)
    if (!user) {
      await limiter.fail(key)
      throw new AuthError(401, 'invalid_credentials', WRONG)
    }
    await limiter.reset(key)
    return user
  }

  return {
    async customer(c: Context) {
      // rememberMe is the header's business (its remember_me cookie); the session lasts the same.
      const body = await readBody(c, LoginRequestSchema, { booleans: ['rememberMe'], fail: invalidRequest })
      const lifetimes = testTokenLifetimes(c, testHooks)
      const user = await signIn(c, body.email, body.password)
      const clientId = SERVER_BRANDS[user.brand].auth.clientId
      return c.json(await auth.tokens.issue(user, { clientId, lifetimes }))
    },

    async agent(c: Context) {
      const body = await readBody(c, NoboLoginRequestSchema, {
        booleans: ['rememberMe'],
        fail: invalidRequest,
      })
      const lifetimes = testTokenLifetimes(c, testHooks)
      const agent = await signIn(c, body.email, body.password)
      if (agent.role !== 'agent') {
        throw new AuthError(403, 'access_denied', 'Only customer-service agents may act for a customer.')
      }
      const customer = await auth.accounts.findByCustomerId(agent.brand, body.customerId)
      if (customer?.role !== 'customer') {
        throw invalidRequest(`No customer with id '${body.customerId}' in ${agent.brand}.`)
      }
      const clientId = SERVER_BRANDS[agent.brand].auth.clientId
      return c.json(await issueAgentTokens(auth, agent, customer, { clientId, lifetimes }))
    },
  }
}
