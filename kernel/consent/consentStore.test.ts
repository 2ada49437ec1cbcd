import { describe, expect, it } from 'vitest'
import { ALL_ALLOWED, ALL_DENIED, consentStateOf } from '../../contracts/consentState'
import { createConsentStore } from './consentStore'

const state = (choices = ALL_ALLOWED, gpc = false) =>
  consentStateOf({ choices, chosen: true, policyVersion: '2026-12', gpc })

describe('createConsentStore', () => {
  it('allows everything when no state is given (a brand without the consent plugin)', () => {
    const consent = createConsentStore()
    expect(consent.allows('analytical')).toBe(true)
    expect(consent.state$.value().chosen).toBe(false)
  })

  it('publishes each change at once', () => {
    const consent = createConsentStore(state())
    const seen: boolean[] = []
    consent.state$.subscribe((s) => seen.push(s.groups.analytical))
    consent.set(state(ALL_DENIED))
    expect(seen).toEqual([true, false])
    expect(consent.allows('analytical')).toBe(false)
  })

  it('tells whether a group was allowed the whole of a period, so what was raised while denied stays unsent', () => {
    let t = 1000
    const consent = createConsentStore(state(), () => t)
    t = 2000
    consent.set(state(ALL_DENIED))
    t = 3000
    consent.set(state())
    expect(consent.allowedThroughout('analytical', 500, 1500)).toBe(true)
    expect(consent.allowedThroughout('analytical', 1500, 2500)).toBe(false)
    expect(consent.allowedThroughout('analytical', 2100, 2900)).toBe(false)
    expect(consent.allowedThroughout('analytical', 3100, 4000)).toBe(true)
    expect(consent.allowedThroughout('functional', 1500, 2500)).toBe(false)
  })
})
