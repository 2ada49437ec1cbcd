import { describe, expect, it } from 'vitest'
import type { HttpError } from '../../../kernel/http/httpError'
import { authFailure } from './authResults'

const error = (extra: Partial<HttpError>): HttpError => ({
  class: '4xx',
  payload: '',
  message: 'POST /api/auth/login answered',
  method: 'POST',
  path: '/api/auth/login',
  correlationId: 'c',
  ...extra,
})

describe('auth results (header spec §8 banner codes)', () => {
  it('maps statuses and bodies to codes', () => {
    expect(authFailure(error({ status: 401, payload: '{"error":"invalid_credentials"}' })).code).toBe(
      'invalid_credentials',
    )
    expect(authFailure(error({ status: 409 })).code).toBe('email_taken')
    expect(authFailure(error({ status: 429 })).code).toBe('rate_limited')
    expect(authFailure(error({ status: 400, payload: { error: 'invalid_request' } })).code).toBe(
      'invalid_request',
    )
    expect(authFailure(error({ status: 400, payload: { error: 'something_new' } })).code).toBe(
      'invalid_request',
    )
    expect(authFailure(error({ class: 'network' })).code).toBe('network')
    expect(authFailure(error({ class: 'timeout' })).code).toBe('network')
    expect(authFailure(error({ class: '5xx', status: 503 })).code).toBe('unexpected')
    expect(authFailure(error({ class: 'decode', status: 200 })).code).toBe('unexpected')
  })

  it("keeps the server's description as the message when it sent one", () => {
    const r = authFailure(
      error({ status: 401, payload: '{"error":"invalid_credentials","error_description":"nope"}' }),
    )
    expect(r.message).toBe('nope')
  })
})
