import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scrub, scrubText } from './scrub'

describe('scrubbing exported telemetry', () => {
  it('redacts secret-named keys at any depth and keeps the rest', () => {
    expect(
      scrub({
        'http.request.header.authorization': 'Bearer abc',
        password: 'hunter2',
        nested: { refresh_token: 'r', cookieValue: 'SESSION=1', ok: 'fine', list: [{ accessToken: 'x' }] },
        status: 500,
      }),
    ).toEqual({
      'http.request.header.authorization': '[redacted]',
      password: '[redacted]',
      nested: {
        refresh_token: '[redacted]',
        cookieValue: '[redacted]',
        ok: 'fine',
        list: [{ accessToken: '[redacted]' }],
      },
      status: 500,
    })
  })

  it('replaces bearer tokens, JWTs and token/password parameters inside text', () => {
    expect(scrubText('failed with Bearer eyJhbGciOi.eyJzdWIiOi.sig_1 at /api')).toBe(
      'failed with Bearer [redacted] at /api',
    )
    expect(scrubText('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc')).toBe('jwt [redacted]')
    expect(scrubText('/cb?code=123&state=x&access_token=zzz')).toBe(
      '/cb?code=[redacted]&state=x&access_token=[redacted]',
    )
    expect(scrubText('password=hunter2&user=a')).toBe('password=[redacted]&user=a')
  })

  it('property: a secret value planted under a secret key never survives', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 6 }),
        fc.constantFrom('token', 'password', 'Authorization', 'cookie'),
        (secret, key) => {
          expect(JSON.stringify(scrub({ a: { [key]: secret } }))).not.toContain(JSON.stringify(secret))
        },
      ),
    )
  })
})
