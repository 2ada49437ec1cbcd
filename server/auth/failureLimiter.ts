import { createHash } from 'node:crypto'
import type { Database } from '../db/database'
export interface FailureLimiterOptions {
  /** Failures allowed within the window; the next attempt is refused. */
  maxFailures: number
  windowMs: number
  now?: () => number
  /** Keys remembered at most; the oldest are forgotten first, so a flood cannot exhaust memory. */
  maxKeys?: number
}

export interface FailureLimiter {
  /** Seconds until `key` may try again; 0 when it may now. */
  retryAfter(key: string): Promise<number>
  fail(key: string): Promise<void>
  /** A success forgets the key's failures. */
  reset(key: string): Promise<void>
}

/** Seconds until the window has room again, from the failures in it (oldest first). */
function secondsUntilFree(times: readonly number[], opts: FailureLimiterOptions, now: number): number {
  if (times.length < opts.maxFailures) return 0
  const freeAt = times[times.length - opts.maxFailures]! + opts.windowMs
  return Math.max(1, Math.ceil((freeAt - now) / 1000))
}

/**
 * Counts failures per key in the database (migration 0012), so every server on one database counts
 * the same attempts: with several instances behind a balancer, an in-memory count would give a
 * guesser ten tries per instance. The key is stored as its SHA-256 (it holds an e-mail and an
 * address); rows older than the window are deleted as new failures come.
 */
export function createStoredFailureLimiter(db: Database, opts: FailureLimiterOptions): FailureLimiter {
  const now = opts.now ?? Date.now
  const hash = (key: string) => createHash('sha256').update(key).digest('hex')
  return {
    async retryAfter(key) {
      const at = now()
      const { rows } = await db.query<{ t: string }>(
        'SELECT failed_at_ms AS t FROM sign_in_failures WHERE key_hash = $1 AND failed_at_ms > $2 ORDER BY failed_at_ms',
        [hash(key), at - opts.windowMs],
      )
      return secondsUntilFree(
        rows.map((r) => Number(r.t)),
        opts,
        at,
      )
    },
    async fail(key) {
      const at = now()
      await db.query('DELETE FROM sign_in_failures WHERE failed_at_ms <= $1', [at - opts.windowMs])
      await db.query('INSERT INTO sign_in_failures (key_hash, failed_at_ms) VALUES ($1, $2)', [hash(key), at])
    },
    async reset(key) {
      await db.query('DELETE FROM sign_in_failures WHERE key_hash = $1', [hash(key)])
    },
  }
}

/**
 * Counts failures per key (login: brand, email and address) in a sliding window, in memory (tests,
 * and a server given no database for it): a restart forgets them. Keeps guessing a password slow.
 */
export function createFailureLimiter(opts: FailureLimiterOptions): FailureLimiter {
  const now = opts.now ?? Date.now
  const maxKeys = opts.maxKeys ?? 10_000
  const failures = new Map<string, number[]>()

  const recent = (key: string): number[] => {
    const since = now() - opts.windowMs
    const times = (failures.get(key) ?? []).filter((t) => t > since)
    if (times.length === 0) failures.delete(key)
    else failures.set(key, times)
    return times
  }

  return {
    async retryAfter(key) {
      return secondsUntilFree(recent(key), opts, now())
    },
    async fail(key) {
      const times = recent(key)
      failures.delete(key) // re-inserted last: Map order is then oldest-touched first
      failures.set(key, [...times, now()])
      while (failures.size > maxKeys) failures.delete(failures.keys().next().value!)
    },
    async reset(key) {
      failures.delete(key)
    },
  }
}

/** Password sign-in throttle (login, agent login, the identity provider's login page): 10 in 5 minutes. */
export const SIGN_IN_THROTTLE: FailureLimiterOptions = { maxFailures: 10, windowMs: 5 * 60_000 }

/** One throttle key per brand, e-mail and client address, whichever page the password is typed on. */
export const signInKey = (brand: string, normalizedEmail: string, address: string): string =>
  `${brand}|${normalizedEmail}|${address}`
