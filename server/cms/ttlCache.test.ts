// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createTtlCache } from './ttlCache'

describe('CMS answer cache', () => {
  it('reuses an answer within the time to live, reloads after it, and never keeps failures', async () => {
    let t = 0
    let loads = 0
    const cached = createTtlCache(60_000, () => t)
    const load = async () => ++loads
    expect(await cached('a', load)).toBe(1)
    t = 59_999
    expect(await cached('a', load)).toBe(1)
    t = 60_000
    expect(await cached('a', load)).toBe(2)
    expect(await cached('b', load)).toBe(3)
    await expect(cached('c', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect(await cached('c', load)).toBe(4)
  })
})
