import type { TokenLifetimes } from './authTypes'

/** Longest lifetime any setting may ask for: 30 days. */
export const MAX_TTL_SECONDS = 30 * 24 * 3600

export interface LifetimeDefaults {
  /** Customer sessions (header spec §9: refresh-token expiry 1800 seconds unless configured). */
  customer: TokenLifetimes
  /** Agent (nobo) sessions: their own, shorter refresh expiry (header spec §3 nobo refresh-token expiry seconds). */
  agent: TokenLifetimes
}

/** A whole number of seconds from 1 to MAX_TTL_SECONDS, else an error naming the setting. */
export function parseSeconds(name: string, raw: string): number {
  const n = Number(raw.trim())
  if (raw.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_TTL_SECONDS) return n
  throw new Error(`${name} must be a whole number of seconds from 1 to ${MAX_TTL_SECONDS}, not '${raw}'.`)
}

const fromEnv = (env: NodeJS.ProcessEnv, name: string, fallback: number) => {
  const raw = env[name]
  return raw === undefined || raw === '' ? fallback : parseSeconds(name, raw)
}

/**
 * Token lifetimes from AUTH_ACCESS_TTL_SECONDS (default 900), AUTH_REFRESH_TTL_SECONDS (1800) and
 * AUTH_NOBO_REFRESH_TTL_SECONDS (900). A bad value stops the server at start, naming the variable.
 */
export function lifetimesFromEnv(env: NodeJS.ProcessEnv): LifetimeDefaults {
  const accessSeconds = fromEnv(env, 'AUTH_ACCESS_TTL_SECONDS', 900)
  return {
    customer: { accessSeconds, refreshSeconds: fromEnv(env, 'AUTH_REFRESH_TTL_SECONDS', 1800) },
    agent: { accessSeconds, refreshSeconds: fromEnv(env, 'AUTH_NOBO_REFRESH_TTL_SECONDS', 900) },
  }
}
