// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { migrate } from '../db/migrate'
import { openTestDatabase } from '../db/testing/testStore'
import { createFailureLimiter, createStoredFailureLimiter, type FailureLimiter } from './failureLimiter'

let db: Database
beforeAll(async () => {
  db = await openTestDatabase()
  await migrate(db)
}, 60_000)
afterAll(() => db.close())

const OPTIONS = { maxFailures: 3, windowMs: 60_000 }
let keyCount = 0
/** A key of its own per test: the stored limiters share one database. */
const freshKey = () => `usb2c|ana${++keyCount}@example.com|127.0.0.1`

const kinds: [string, (now: () => number) => FailureLimiter][] = [
  ['in memory', (now) => createFailureLimiter({ ...OPTIONS, now })],
  ['in the database', (now) => createStoredFailureLimiter(db, { ...OPTIONS, now })],
]

describe.each(kinds)('the sign-in throttle, %s', (_kind, make) => {
  function limiter() {
    let now = 1_000_000
    return { l: make(() => now), at: (ms: number) => (now = 1_000_000 + ms) }
  }

  it('refuses after maxFailures within the window, and says for how long', async () => {
    const { l, at } = limiter()
    const k = freshKey()
    for (const ms of [0, 10_000, 20_000]) {
      at(ms)
      expect(await l.retryAfter(k)).toBe(0)
      await l.fail(k)
    }
    expect(await l.retryAfter(k)).toBe(40)
    expect(await l.retryAfter(freshKey())).toBe(0)
  })

  it('slides: the oldest failure leaving the window frees one attempt', async () => {
    const { l, at } = limiter()
    const k = freshKey()
    for (const ms of [0, 10_000, 20_000]) {
      at(ms)
      await l.fail(k)
    }
    at(60_001)
    expect(await l.retryAfter(k)).toBe(0)
    await l.fail(k)
    expect(await l.retryAfter(k)).toBe(10)
  })

  it('a success resets the key', async () => {
    const { l } = limiter()
    const k = freshKey()
    for (let i = 0; i < 3; i++) await l.fail(k)
    await l.reset(k)
    expect(await l.retryAfter(k)).toBe(0)
  })
})

describe('the stored throttle', () => {
  it('every server on one database counts the same attempts', async () => {
    const now = () => 5_000_000
    const one = createStoredFailureLimiter(db, { ...OPTIONS, now })
    const two = createStoredFailureLimiter(db, { ...OPTIONS, now })
    const k = freshKey()
    await one.fail(k)
    await two.fail(k)
    await one.fail(k)
    expect(await two.retryAfter(k)).toBeGreaterThan(0)
    await two.reset(k)
    expect(await one.retryAfter(k)).toBe(0)
  })

  it('keeps neither e-mail nor address, and deletes failures older than the window', async () => {
    let now = 9_000_000
    const l = createStoredFailureLimiter(db, { ...OPTIONS, now: () => now })
    const k = freshKey()
    await l.fail(k)
    const { rows } = await db.query<{ key_hash: string }>('SELECT key_hash FROM sign_in_failures')
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.key_hash))).toBe(true)
    now += OPTIONS.windowMs + 1
    await l.fail(freshKey())
    const old = await db.query('SELECT 1 FROM sign_in_failures WHERE failed_at_ms <= $1', [
      now - OPTIONS.windowMs,
    ])
    expect(old.rows).toEqual([])
  })
})

describe('the in-memory throttle', () => {
  it('forgets the least recently failed keys beyond maxKeys', async () => {
    const l = createFailureLimiter({ ...OPTIONS, maxKeys: 2 })
    for (const key of ['a', 'b', 'a', 'c']) for (let i = 0; i < 3; i++) await l.fail(key)
    expect(await l.retryAfter('b')).toBe(0)
    expect(await l.retryAfter('a')).toBeGreaterThan(0)
    expect(await l.retryAfter('c')).toBeGreaterThan(0)
  })
})
