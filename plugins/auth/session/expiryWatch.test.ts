import fc from 'fast-check'
import { asyncScheduler, NEVER, type Observable, of } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, it } from 'vitest'
import type { SessionState } from '../authRefs'
import { type ExpiryWatchInput, expiryWarnings, warningLeadMs } from './expiryWatch'

const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b))
const MIN = 60_000
const signedIn = (agent: { csAgentId: string } | null = null): SessionState => ({
  status: 'signedIn',
  firstName: 'Ann',
  customerId: 'c1',
  agent,
  sessionExpiresAt: 0,
})
const H = { show: false }

function watch(
  state$: Observable<SessionState>,
  over: Partial<ExpiryWatchInput> & { at: () => number | undefined },
) {
  return expiryWarnings({
    state$,
    enabled: () => true,
    leadMinutes: () => 4,
    expiresAt: over.at,
    hasSession: () => true,
    // In run mode the async scheduler's clock is the virtual frame.
    now: () => asyncScheduler.now(),
    log: () => {},
    ...over,
  })
}

describe('session-expiry schedule (header spec §4)', () => {
  it('shows at expiry minus the 4-minute lead, checked every second; hides when the cookie disappears', () => {
    scheduler().run(({ cold, expectObservable }) => {
      let expiresAt: number | undefined = 4 * MIN + 3000
      cold('5500ms x').subscribe(() => {
        expiresAt = undefined
      })
      const S = { show: true, expiresAt: 4 * MIN + 3000 }
      expectObservable(watch(cold('a', { a: signedIn() }), { at: () => expiresAt }), '^ 8000ms !').toBe(
        'h 2999ms s 2999ms h',
        { h: H, s: S },
      )
    })
  })

  it('hides once the session is renewed, and rechecks at once when asked', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      let expiresAt = 4 * MIN
      cold('1500ms x').subscribe(() => {
        expiresAt = 30 * MIN
      })
      const recheck$ = hot('1500ms r')
      expectObservable(
        watch(cold('a', { a: signedIn() }), { at: () => expiresAt, recheck$ }),
        '^ 4000ms !',
      ).toBe('s 1499ms h', { s: { show: true, expiresAt: 4 * MIN }, h: H })
    })
  })

  it('never shows for an agent, with the toggle off, or while anonymous', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const at = () => 0
      expectObservable(watch(cold('a', { a: signedIn({ csAgentId: 'ag' }) }), { at }), '^ 5000ms !').toBe(
        'h',
        { h: H },
      )
      expectObservable(watch(cold('a', { a: signedIn() }), { at, enabled: () => false }), '^ 5000ms !').toBe(
        'h',
        {
          h: H,
        },
      )
      expectObservable(watch(cold('a', { a: { status: 'anonymous' } }), { at }), '^ 5000ms !').toBe('h', {
        h: H,
      })
    })
  })

  it('a failing check is only logged; the dialog stays hidden', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const logged: string[] = []
      const at = () => {
        throw new Error('cookie jar on fire')
      }
      expectObservable(
        watch(cold('a', { a: signedIn() }), { at, log: (type) => void logged.push(type) }),
        '^ 2500ms !',
      ).toBe('h', { h: H })
      cold('2600ms x').subscribe(() => expect(logged).toEqual(Array(3).fill('SESSION_TIMER_FAILED')))
    })
  })

  it('a timer that cannot be scheduled is only logged', () => {
    const logged: string[] = []
    const broken = {
      now: () => 0,
      schedule: () => {
        throw new Error('no timers here')
      },
    }
    const values: unknown[] = []
    watch(of(signedIn()), {
      at: () => 1,
      scheduler: broken as never,
      log: (type) => void logged.push(type),
      recheck$: NEVER,
    }).subscribe((v) => values.push(v))
    expect(logged).toContain('SESSION_TIMER_FAILED')
    expect(values.at(-1)).toEqual(H)
  })
})

describe('a session shorter than the warning lead', () => {
  it('the lead is the configured one, or half the session when the session is no longer than it', () => {
    expect(warningLeadMs(4 * MIN, undefined)).toBe(4 * MIN)
    expect(warningLeadMs(4 * MIN, 30 * MIN)).toBe(4 * MIN)
    expect(warningLeadMs(4 * MIN, 4 * MIN)).toBe(2 * MIN)
    expect(warningLeadMs(4 * MIN, 3 * MIN)).toBe(1.5 * MIN)
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * MIN }),
        fc.integer({ min: 1, max: 120 * MIN }),
        (lead, length) => {
          const used = warningLeadMs(lead, length)
          // Never at the moment the session begins (unless there is no lead at all), never earlier than configured.
          expect(used).toBeLessThanOrEqual(lead)
          if (lead > 0) expect(used).toBeLessThan(length)
        },
      ),
    )
  })

  it('a 3-minute session with the 4-minute lead warns halfway through (not at once), and says it is short', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const expiresAt = 3 * MIN
      const S = { show: true, expiresAt, shortSessionMs: 3 * MIN }
      expectObservable(
        watch(cold('a', { a: signedIn() }), { at: () => expiresAt, sessionLengthMs: () => 3 * MIN }),
        `^ ${1.5 * MIN + 2000}ms !`,
      ).toBe(`h ${1.5 * MIN - 1}ms s`, { h: H, s: S })
    })
  })
})
