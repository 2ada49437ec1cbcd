import { describe, expect, it } from 'vitest'
import { createFailureLimiter } from './failureLimiter'

function limiter(maxKeys?: number) {
  let now = 0
  const l = createFailureLimiter({ maxFailures: 3, windowMs: 60_000, now: () => now, maxKeys })
  return { l, at: (ms: number) => (now = ms) }
}

describe('createFailureLimiter', () => {
  it('refuses after maxFailures within the window, and says for how long', () => {
    const { l, at } = limiter()
    for (const ms of [0, 10_000, 20_000]) {
      at(ms)
      expect(l.retryAfter('k')).toBe(0)
      l.fail('k')
    }
    expect(l.retryAfter('k')).toBe(40)
    expect(l.retryAfter('other')).toBe(0)
  })

  it('slides: the oldest failure leaving the window frees one attempt', () => {
    const { l, at } = limiter()
    for (const ms of [0, 10_000, 20_000]) {
      at(ms)
      l.fail('k')
    }
    at(60_001)
    expect(l.retryAfter('k')).toBe(0)
    l.fail('k')
    expect(l.retryAfter('k')).toBe(10)
  })

  it('a success resets the key', () => {
    const { l } = limiter()
    for (let i = 0; i < 3; i++) l.fail('k')
    l.reset('k')
    expect(l.retryAfter('k')).toBe(0)
  })

  it('forgets the least recently failed keys beyond maxKeys', () => {
    const { l } = limiter(2)
    for (const key of ['a', 'b', 'a', 'c']) for (let i = 0; i < 3; i++) l.fail(key)
    expect(l.retryAfter('b')).toBe(0)
    expect(l.retryAfter('a')).toBeGreaterThan(0)
    expect(l.retryAfter('c')).toBeGreaterThan(0)
  })
})
