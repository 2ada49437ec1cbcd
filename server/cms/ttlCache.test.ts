// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { watchContentChanges } from './contentChanges'
import { createTtlCache } from './ttlCache'

describe('content answer cache', () => {
  it('reuses an answer within the time to live, reloads after it, and never keeps failures', async () => {
    let t = 0
    let loads = 0
    const cached = createTtlCache({ ttlMs: 60_000, now: () => t })
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

  it('keeps at most maxEntries answers, the least recently used going first', async () => {
    let loads = 0
    const cached = createTtlCache({ maxEntries: 2 })
    const load = async () => ++loads
    expect(await cached('a', load)).toBe(1)
    expect(await cached('b', load)).toBe(2)
    expect(await cached('a', load)).toBe(1) // a is now the most recent
    expect(await cached('c', load)).toBe(3) // b goes
    expect(cached.size).toBe(2)
    expect(await cached('a', load)).toBe(1)
    expect(await cached('b', load)).toBe(4)
  })

  it('drops every answer when the content generation changes, and keeps them when it is unknown', async () => {
    let generation: number | undefined = 1
    let loads = 0
    const cached = createTtlCache({ generation: () => generation })
    const load = async () => ++loads
    expect(await cached('a', load)).toBe(1)
    expect(await cached('b', load)).toBe(2)
    generation = undefined // the check failed: nothing is known to have changed
    expect(await cached('a', load)).toBe(1)
    generation = 2
    expect(await cached('a', load)).toBe(3)
    expect(await cached('b', load)).toBe(4)
    generation = 2
    expect(await cached('b', load)).toBe(4)
  })

  it('waits for a generation still being read before answering', async () => {
    let answer: (n: number) => void = () => {}
    let reads = 0
    const cached = createTtlCache({
      generation: () => {
        reads++
        return new Promise<number>((resolve) => {
          answer = resolve
        })
      },
    })
    const first = cached('a', async () => 'old')
    answer(1)
    expect(await first).toBe('old')
    const second = cached('a', async () => 'new')
    answer(2)
    expect(await second).toBe('new')
    expect(reads).toBe(2)
  })
})

describe('watchContentChanges', () => {
  /** A database whose content_changes read answers `next()`, counting reads. */
  function store(next: () => Promise<{ rows: { generation: string }[] }>) {
    const counter = { reads: 0 }
    const db = {
      description: 'stub',
      query: () => {
        counter.reads++
        return next()
      },
      exec: async () => {},
      withStartupLock: (work: () => Promise<unknown>) => work(),
      close: async () => {},
    } as unknown as Database
    return { db, counter }
  }

  it('reads the generation at most once per interval, requests during a read sharing it', async () => {
    let t = 0
    let generation = '7'
    const { db, counter } = store(async () => ({ rows: [{ generation }] }))
    const current = watchContentChanges(db, { checkEveryMs: 1000, now: () => t })
    const [a, b] = [current(), current()]
    expect(await a).toBe(7)
    expect(await b).toBe(7)
    expect(counter.reads).toBe(1)
    generation = '8'
    t = 999
    expect(current()).toBe(7)
    t = 1000
    expect(await current()).toBe(8)
    expect(counter.reads).toBe(2)
  })

  it('gives undefined for a failed read and tries again after the interval', async () => {
    let t = 0
    let fail = true
    const { db, counter } = store(async () => {
      if (fail) throw new Error('db down')
      return { rows: [{ generation: '3' }] }
    })
    const current = watchContentChanges(db, { checkEveryMs: 1000, now: () => t })
    expect(await current()).toBeUndefined()
    expect(current()).toBeUndefined()
    fail = false
    t = 1000
    expect(await current()).toBe(3)
    expect(counter.reads).toBe(2)
  })
})
