import type { Context, Hono } from 'hono'
import {
  ForgotPasswordRequestSchema,
  type NoboSession,
  RefreshRequestSchema,
  SignupRequestSchema,
} from '../../contracts/auth'
import { SERVER_BRANDS } from '../brands'
import type { Database } from '../db/database'
import { limitBody } from '../http/limitBody'
import { MAX_BODY_BYTES, readBody } from '../http/readBody'
import type { AuthServices } from './authTypes'
import { createFailureLimiter, type FailureLimiter, SIGN_IN_THROTTLE } from './failureLimiter'
import { createLogin } from './login'
import { recordPasswordReset } from './passwordResets'
import { AuthError, withRefusals } from './refusals'
import { bearerToken, requestBrand } from './requestContext'
import { testTokenLifetimes } from './testTokenTtl'

export interface AuthRouteOptions {
  /** Where forgot-password requests are recorded. */
  store: Database
  /** Honour the x-test-token-ttl header (auth/testTokenTtl.ts). The app passes `testFaults !== false`. */
  testHooks?: boolean
  /** The password throttle, shared with the identity provider's login page; default a new one. */
  signInThrottle?: FailureLimiter
}

const invalidRequest = (message: string) => new AuthError(400, 'invalid_request', message)
const tooLarge = (c: Context) =>
  c.json(
    { error: 'invalid_request', error_description: `The request body is over ${MAX_BODY_BYTES} bytes.` },
    413,
  )

/**
 * `/api/auth/*`, the auth back-end-for-frontend (header spec §7): login, sign-up, forgot password,
 * refresh (both names), logout, and agent (nobo) sessions. Bodies are JSON or form-encoded; errors
 * are `{ error, error_description }` (AuthErrorSchema). The header keeps the tokens in its cookies;
 * the server sets none.
 */
export function registerAuthRoutes(app: Hono, auth: AuthServices, opts: AuthRouteOptions): void {
  const testHooks = opts.testHooks ?? false
  const limiter = opts.signInThrottle ?? createFailureLimiter(SIGN_IN_THROTTLE)
  const login = createLogin(auth, limiter, testHooks)
  app.use('/api/auth/*', limitBody({ maxSize: MAX_BODY_BYTES, onError: tooLarge }))

  app.post('/api/auth/login', withRefusals(login.customer))
  app.post('/api/auth/nobo/login', withRefusals(login.agent))

  app.post(
    '/api/auth/signup',
    withRefusals(async (c) => {
      const brand = requestBrand(c)
      const body = await readBody(c, SignupRequestSchema, { fail: invalidRequest })
      const lifetimes = testTokenLifetimes(c, testHooks)
      const user = await auth.accounts.createUser({ brand, ...body })
      if (user === 'email_taken') {
        throw new AuthError(
          409,
          'email_taken',
          'An account with this email exists: log in, or reset the password.',
        )
      }
      const tokens = await auth.tokens.issue(user, {
        clientId: SERVER_BRANDS[brand].auth.clientId,
        lifetimes,
      })
      return c.json(tokens, 201)
    }),
  )

  app.post(
    '/api/auth/forgotPassword',
    withRefusals(async (c) => {
      const brand = requestBrand(c)
      const { email } = await readBody(c, ForgotPasswordRequestSchema, { fail: invalidRequest })
      await recordPasswordReset(opts.store, brand, email)
      // The same answer for every email, so it never tells whether an account exists.
      return c.json({ sent: true })
    }),
  )

  const refresh = withRefusals(async (c: Context) => {
    const { refreshToken } = await readBody(c, RefreshRequestSchema, { fail: invalidRequest })
    const lifetimes = testTokenLifetimes(c, testHooks)
    const result = await auth.tokens.rotate(refreshToken, lifetimes ? { lifetimes } : undefined)
    if ('error' in result) {
      // 400 as OAuth answers invalid_grant (RFC 6749 header spec §5.2): the header signs out cleanly, no retry.
      throw new AuthError(400, 'invalid_grant', `The refresh token is ${result.reason}: sign in again.`)
    }
    return c.json(result)
  })
  app.post('/api/auth/refreshToken', refresh)
  app.post('/api/auth/refreshAuthToken', refresh)

  app.post(
    '/api/auth/logout',
    withRefusals(async (c) => {
      const { refreshToken } = await readBody(c, RefreshRequestSchema, { fail: invalidRequest })
      await auth.tokens.revoke(refreshToken)
      return c.body(null, 204)
    }),
  )

  app.get(
    '/api/auth/nobo',
    withRefusals(async (c) => {
      const token = bearerToken(c)
      const claims = token ? await auth.tokens.verifyAccess(token) : undefined
      if (!claims) {
        throw new AuthError(
          401,
          'invalid_token',
          'Send a valid, unexpired access token as Authorization: Bearer.',
        )
      }
      const session: NoboSession = {
        isNoboUser: claims.csAgentId !== undefined,
        customerId: claims.customerId,
        csAgentId: claims.csAgentId ?? '',
      }
      return c.json(session)
    }),
  )
}
