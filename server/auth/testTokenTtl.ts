import type { Context } from 'hono'
import type { TokenLifetimes } from './authTypes'
import { AuthError } from './refusals'
import { parseSeconds } from './tokenLifetimes'

/** Test-only header: `x-test-token-ttl: access=5,refresh=250` (seconds; either part may be left out). */
export const TEST_TTL_HEADER = 'x-test-token-ttl'

/**
 * Short token lifetimes for browser tests of expiry and refresh, asked per request. Honoured only
 * while the server's test switches are on (AppOptions.testFaults, default on); otherwise ignored.
 * A malformed value is a 400, so a typo in a test does not silently test the defaults.
 */
export function testTokenLifetimes(c: Context, enabled: boolean): Partial<TokenLifetimes> | undefined {
  const raw = c.req.header(TEST_TTL_HEADER)
  if (!enabled || raw === undefined) return undefined
  const lifetimes: Partial<TokenLifetimes> = {}
  try {
    for (const part of raw.split(',')) {
      const [name, value = ''] = part.split('=').map((s) => s.trim())
      if (name === 'access') lifetimes.accessSeconds = parseSeconds('access', value)
      else if (name === 'refresh') lifetimes.refreshSeconds = parseSeconds('refresh', value)
      else throw new Error(`unknown part '${name}'`)
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new AuthError(
      400,
      'invalid_request',
      `Header ${TEST_TTL_HEADER} is like access=5,refresh=250: ${reason}`,
    )
  }
  return lifetimes
}
