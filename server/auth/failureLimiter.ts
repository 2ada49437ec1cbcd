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
  retryAfter(key: string): number
  fail(key: string): void
  /** A success forgets the key's failures. */
  reset(key: string): void
}

/**
 * Counts failures per key (login: brand, email and address) in a sliding window, in memory: a
 * restart forgets them, which is fine for a throttle. Keeps guessing a password slow.
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
    retryAfter(key) {
      const times = recent(key)
      if (times.length < opts.maxFailures) return 0
      const freeAt = times[times.length - opts.maxFailures]! + opts.windowMs
      return Math.max(1, Math.ceil((freeAt - now()) / 1000))
    },
    fail(key) {
      const times = recent(key)
      failures.delete(key) // re-inserted last: Map order is then oldest-touched first
      failures.set(key, [...times, now()])
      while (failures.size > maxKeys) failures.delete(failures.keys().next().value!)
    },
    reset(key) {
      failures.delete(key)
    },
  }
}

/** Password sign-in throttle (login, agent login, the identity provider's login page): 10 in 5 minutes. */
export const SIGN_IN_THROTTLE: FailureLimiterOptions = { maxFailures: 10, windowMs: 5 * 60_000 }

/** One throttle key per brand, e-mail and client address, whichever page the password is typed on. */
export const signInKey = (brand: string, normalizedEmail: string, address: string): string =>
  `${brand}|${normalizedEmail}|${address}`
