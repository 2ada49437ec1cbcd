import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatTimeLeft, minutesLeft } from './countdown'

describe('session-expiry countdown', () => {
  it('m:ss, rounded up to the second, never negative', () => {
    expect(formatTimeLeft(240_000)).toBe('4:00')
    expect(formatTimeLeft(239_200)).toBe('4:00')
    expect(formatTimeLeft(239_000)).toBe('3:59')
    expect(formatTimeLeft(61_000)).toBe('1:01')
    expect(formatTimeLeft(9_000)).toBe('0:09')
    expect(formatTimeLeft(0)).toBe('0:00')
    expect(formatTimeLeft(-5_000)).toBe('0:00')
    expect(formatTimeLeft(3_600_000)).toBe('60:00')
  })

  it('any time left: seconds 00-59, and the text reads back as the time rounded up', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000_000 }), (ms) => {
        const [m, s] = formatTimeLeft(ms).split(':')
        expect(s).toMatch(/^[0-5]\d$/)
        expect(Number(m) * 60 + Number(s)).toBe(Math.max(0, Math.ceil(ms / 1000)))
      }),
    )
  })

  it('the announced minutes change only as a minute ends: at most once in any 60 s of a countdown', () => {
    expect(minutesLeft(240_000)).toBe(4)
    expect(minutesLeft(181_000)).toBe(4)
    expect(minutesLeft(180_000)).toBe(3)
    expect(minutesLeft(1_000)).toBe(1)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_600_000 }), (start) => {
        // A countdown ticking every second over one minute changes its announced minutes once at most.
        const values = Array.from({ length: 60 }, (_, i) => minutesLeft(start - i * 1000))
        expect(new Set(values).size).toBeLessThanOrEqual(2)
      }),
    )
  })
})
