import type { Context } from 'hono'
import type { AuthErrorCode } from '../../contracts/auth'
import { errorBody } from '../http/apiError'

/**
 * A refusal of `/api/auth/*`, answered in the OAuth-style AuthErrorSchema shape
 * `{ error, error_description }` (contracts/auth.ts).
 */
export class AuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 409 | 413 | 429,
    readonly code: AuthErrorCode | 'invalid_token' | 'access_denied',
    readonly description: string,
    /** Seconds until a rate-limited caller may try again. */
    readonly retryAfter?: number,
  ) {
    super(description)
    this.name = 'AuthError'
  }
}

/**
 * A refused bearer on `rest/v2` (401 no or bad token, 403 not this customer's data), answered in the
 * ApiErrorSchema shape the other REST routes use. The central error handler knows no 401/403, so the
 * routes that check tokens answer these themselves (withRefusals).
 */
export class AccessError extends Error {
  constructor(
    readonly status: 401 | 403,
    readonly type: 'InvalidTokenError' | 'ForbiddenError',
    message: string,
  ) {
    super(message)
    this.name = 'AccessError'
  }
}

type Handler = (c: Context) => Promise<Response>

/** Wraps a route so its AuthError and AccessError become their JSON answers; anything else propagates. */
export function withRefusals(handler: Handler): Handler {
  return async (c) => {
    try {
      return await handler(c)
    } catch (error) {
      if (error instanceof AuthError) {
        if (error.retryAfter !== undefined) c.header('retry-after', String(error.retryAfter))
        if (error.code === 'invalid_token') c.header('www-authenticate', 'Bearer error="invalid_token"')
        return c.json({ error: error.code, error_description: error.description }, error.status)
      }
      if (error instanceof AccessError) {
        if (error.status === 401) c.header('www-authenticate', 'Bearer error="invalid_token"')
        return c.json(errorBody(error.type, error.message), error.status)
      }
      throw error
    }
  }
}
