import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CORRELATION_ID_PATTERN,
  generateCorrelationId,
  isUsableCorrelationId,
  USABLE_CORRELATION_ID,
} from './correlationId'

describe('correlation id format (nav spec §9)', () => {
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
          // Every id this makes is usable where one is read back (cookie, header, session lookup).
          expect(isUsableCorrelationId(id)).toBe(true)
        },
      ),
    )
  })

  it('uses the platform randomness (globalThis.crypto) and the clock by default', () => {
    const before = Date.now()
    const a = generateCorrelationId()
    const b = generateCorrelationId()
    expect(a).toMatch(CORRELATION_ID_PATTERN)
    expect(b).toMatch(CORRELATION_ID_PATTERN)
    expect(a.slice(0, 36)).not.toBe(b.slice(0, 36))
    const created = Number.parseInt(a.split('-')[5] ?? '', 16)
    expect(created).toBeGreaterThanOrEqual(before)
    expect(created).toBeLessThanOrEqual(Date.now())
  })
})

describe('usable correlation id', () => {
  it.each([
    'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee-1',
    '9d2c1e4f-0a1b-4c2d-8e3f-123456789abc-18f9a2b3c4d',
    'session-1234',
    'x'.repeat(100),
  ])('accepts %s', (value) => {
    expect(isUsableCorrelationId(value)).toBe(true)
  })

  it.each([undefined, null, 42, '', 'undefined', 'short', '<script>', 'a b<c>alert', 'x'.repeat(101)])(
    'refuses %j',
    (value) => {
      expect(isUsableCorrelationId(value)).toBe(false)
    },
  )

  it('property: usable exactly when the shape matches and the value is not the text undefined', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (value) => {
        expect(isUsableCorrelationId(value)).toBe(value !== 'undefined' && USABLE_CORRELATION_ID.test(value))
      }),
    )
  })
})
