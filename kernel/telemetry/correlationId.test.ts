// @vitest-environment jsdom
import fc from 'fast-check'
import Cookies from 'js-cookie'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  CORRELATION_COOKIE,
  CORRELATION_ID_PATTERN,
  generateCorrelationId,
  resolveCorrelationId,
} from './correlationId'

describe('correlation id', () => {
  beforeEach(() => Cookies.remove(CORRELATION_COOKIE, { path: '/' }))

  it('is 16 random bytes as hex 8-4-4-4-12 plus a hex timestamp suffix', () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 16 + 1)
    expect(
      generateCorrelationId(
        () => bytes,
        () => 0x18c4a2b3f00,
      ),
    ).toBe('01112131-4151-6171-8191-a1b1c1d1e1f1-18c4a2b3f00')
  })

  it('property: any bytes and time give the documented format, timestamp recoverable', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        fc.integer({ min: 0, max: 2 ** 48 }),
        (b, t) => {
          const id = generateCorrelationId(
            () => b,
            () => t,
          )
          expect(id).toMatch(CORRELATION_ID_PATTERN)
          expect(Number.parseInt(id.split('-')[5] ?? '', 16)).toBe(t)
        },
      ),
    )
  })

  it('reuses the cookie value when present', () => {
    Cookies.set(CORRELATION_COOKIE, 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee-1')
    expect(resolveCorrelationId({ protocol: 'http:' })).toBe('aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee-1')
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
})
