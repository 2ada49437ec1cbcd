import type { Hono } from 'hono'

/**
 * A clock the browser tests can move forward, so that a plugin-switch change scheduled for "two
 * minutes from now or later" (console/scheduledSwitches.ts) can be seen applied without waiting two
 * minutes. Only the schedule's checks read it (app.ts `clock`): sessions, tokens, caches and
 * telemetry keep the real time.
 *
 * It exists only on a test server, and a server that could be a real store refuses to start with
 * it: `TEST_CLOCK=1` is taken only beside `TEST_FAULTS=1` (the browser tests' switches, off by
 * default) and never on a server published under `PUBLIC_HOSTS`. Otherwise there is no route at all.
 * It only moves forward.
 */
export const TEST_CLOCK_PATH = '/__test/clock'

/** The farthest one call moves the clock: enough for any schedule a test makes. */
export const MAX_ADVANCE_MS = 24 * 60 * 60_000

export interface TestClock {
  now(): number
  /** `POST /__test/clock` with `{"atLeastMs": <epoch ms>}`: the clock reads at least that from now on. */
  register(app: Hono): void
}

export class TestClockRefused extends Error {}

/** The test clock the environment asks for, or undefined; throws, saying why, when it may not have one. */
export function testClockFrom(
  env: Record<string, string | undefined>,
  real: () => number = () => Date.now(),
): TestClock | undefined {
  if (env.TEST_CLOCK === undefined || env.TEST_CLOCK === '' || env.TEST_CLOCK === '0') return undefined
  if (env.TEST_CLOCK !== '1')
    throw new TestClockRefused(`TEST_CLOCK must be 1 or unset, not '${env.TEST_CLOCK}'.`)
  if (env.TEST_FAULTS !== '1')
    throw new TestClockRefused(
      'TEST_CLOCK=1 is for the browser tests’ server only: it needs TEST_FAULTS=1 beside it.',
    )
  if ((env.PUBLIC_HOSTS ?? '').trim() !== '')
    throw new TestClockRefused(
      'TEST_CLOCK=1 is refused on a server published under PUBLIC_HOSTS: a store’s clock is never moved.',
    )
  let aheadMs = 0
  const now = () => real() + aheadMs
  return {
    now,
    register(app) {
      app.post(TEST_CLOCK_PATH, async (c) => {
        const body = (await c.req.json().catch(() => null)) as { atLeastMs?: unknown } | null
        const to = body?.atLeastMs
        if (typeof to !== 'number' || !Number.isFinite(to))
          return c.json({ message: 'Send {"atLeastMs": <epoch milliseconds>}.' }, 400)
        const by = to - now()
        if (by > MAX_ADVANCE_MS)
          return c.json({ message: `The clock moves at most ${MAX_ADVANCE_MS} ms at a time.` }, 400)
        if (by > 0) aheadMs += by
        return c.json({ nowMs: now() })
      })
    },
  }
}
