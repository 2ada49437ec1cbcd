import * as v from 'valibot'
import { type AuthErrorCode, AuthErrorSchema } from '../../../contracts/auth'
import type { HttpError } from '../../../kernel/http/httpError'
import type { AuthResult } from '../authRefs'

export type AuthFailure = Extract<AuthResult, { ok: false }>

const CODES: readonly AuthErrorCode[] = [
  'invalid_request',
  'invalid_credentials',
  'email_taken',
  'invalid_grant',
  'rate_limited',
]
const BY_STATUS: Record<number, AuthErrorCode> = {
  401: 'invalid_credentials',
  409: 'email_taken',
  429: 'rate_limited',
}

/**
 * A refused or failed BFF call as the login panel's result (header spec §8 picks the banner by code): 401 wrong
 * credentials, 409 e-mail taken, 429 too many tries, 400 the body's own code, no answer 'network'.
 */
export function authFailure(error: HttpError): AuthFailure {
  const body = errorBody(error.payload)
  const message = body?.error_description || error.message
  if (error.class === 'network' || error.class === 'timeout' || error.class === 'aborted')
    return { ok: false, code: 'network', message }
  const byStatus = error.status === undefined ? undefined : BY_STATUS[error.status]
  if (byStatus) return { ok: false, code: byStatus, message }
  if (error.status === 400) {
    const code = CODES.find((c) => c === body?.error) ?? 'invalid_request'
    return { ok: false, code, message }
  }
  return { ok: false, code: 'unexpected', message }
}

/**
 * The OAuth-style body: parsed JSON for a 400, raw text otherwise (the HTTP client's rule, header spec §8), or
 * `{ status, body }` when the call asked for wrapped errors.
 */
export function errorBody(payload: unknown): v.InferOutput<typeof AuthErrorSchema> | undefined {
  let body = payload
  if (typeof body === 'object' && body !== null && 'body' in body) body = (body as { body: unknown }).body
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body)
    } catch {
      return undefined
    }
  }
  const parsed = v.safeParse(AuthErrorSchema, body)
  return parsed.success ? parsed.output : undefined
}

/** Input the BFF would refuse anyway, refused before the call. */
export function invalidInput(issues: readonly v.BaseIssue<unknown>[]): AuthFailure {
  const where = issues[0]?.path?.map((p) => String(p.key)).join('.') || 'input'
  return { ok: false, code: 'invalid_request', message: `${where}: ${issues[0]?.message ?? 'invalid'}` }
}
