// @vitest-environment jsdom
import Cookies from 'js-cookie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CORRELATION_COOKIE, CORRELATION_ID_PATTERN } from '../../site/correlationId'
import { resolveCorrelationId } from './correlationId'

// The format rules (generateCorrelationId, isUsableCorrelationId) are tested in site/correlationId.test.ts.
describe('correlation id cookie', () => {
  beforeEach(() => Cookies.remove(CORRELATION_COOKIE, { path: '/' }))
  afterEach(() => vi.restoreAllMocks())

  it('reuses the cookie value when present', () => {
    Cookies.set(CORRELATION_COOKIE, 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee-1')
    expect(resolveCorrelationId({ protocol: 'http:' })).toBe('aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee-1')
  })

  it('adopts the id the server set on the host page, as the server wrote it', () => {
    const fromServer = '9d2c1e4f-0a1b-4c2d-8e3f-123456789abc-18f9a2b3c4d'
    // biome-ignore lint/suspicious/noDocumentCookie: the raw form a Set-Cookie header leaves behind
    document.cookie = `${CORRELATION_COOKIE}=${fromServer}; path=/; samesite=strict`
    const set = vi.spyOn(Cookies, 'set')
    expect(resolveCorrelationId({ protocol: 'http:' })).toBe(fromServer)
    expect(set).not.toHaveBeenCalled()
  })

  it.each([['undefined'], [''], ['<script>'], ['x'.repeat(200)]])(
    'replaces a missing or unusable cookie value (%s) and stores the new id',
    (bad) => {
      // biome-ignore lint/suspicious/noDocumentCookie: a raw write is how a tampered cookie arrives
      if (bad) document.cookie = `${CORRELATION_COOKIE}=${encodeURIComponent(bad)}; path=/`
      const id = resolveCorrelationId({ protocol: 'http:' })
      expect(id).toMatch(CORRELATION_ID_PATTERN)
      expect(Cookies.get(CORRELATION_COOKIE)).toBe(id)
    },
  )

  it.each([
    ['http:', false],
    ['https:', true],
  ])('stores a new id with Path=/ and SameSite=Strict, Secure only on https (%s)', (protocol, secure) => {
    const set = vi.spyOn(Cookies, 'set')
    const id = resolveCorrelationId({ protocol })
    expect(set).toHaveBeenCalledWith(CORRELATION_COOKIE, id, { path: '/', sameSite: 'Strict', secure })
  })
})
