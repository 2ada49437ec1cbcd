import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatConsentCookie,
  isConsentDue,
  parseConsentCookie,
  type StoredConsent,
  startingConsentState,
} from './consentCookie'
import { CONSENT_GROUPS } from './consentState'

const safeText = fc.stringMatching(/^[\w.:-]{1,64}$/)
const stored = fc.record({
  choices: fc.record({ functional: fc.boolean(), analytical: fc.boolean(), targeting: fc.boolean() }),
  policyVersion: safeText,
  consentId: safeText,
}) as fc.Arbitrary<StoredConsent>

describe('the consent cookie (nav spec §4: c9, c1, c2; 1 allowed, 0 denied)', () => {
  it('reads the documented example', () => {
    expect(parseConsentCookie('c9=1&c1=0&c2=1&v=2026-12&id=5b0c6f1e-2d4a-4c1b-9a7e-1f2d3c4b5a69')).toEqual({
      choices: { functional: true, analytical: false, targeting: true },
      policyVersion: '2026-12',
      consentId: '5b0c6f1e-2d4a-4c1b-9a7e-1f2d3c4b5a69',
    })
  })

  it('reads back what it writes, for any choices, version and id', () => {
    fc.assert(
      fc.property(stored, (s) => {
        expect(parseConsentCookie(formatConsentCookie(s))).toEqual(s)
      }),
    )
  })

  it('reads the pairs in any order', () => {
    fc.assert(
      fc.property(stored, (s) => {
        const shuffled = formatConsentCookie(s).split('&').reverse().join('&')
        expect(parseConsentCookie(shuffled)).toEqual(s)
      }),
    )
  })

  it('refuses a value with a group missing or not 0/1, or an unsafe version or id, and never throws', () => {
    expect(parseConsentCookie(undefined)).toBeUndefined()
    expect(parseConsentCookie('c9=1&c1=0&v=1&id=a')).toBeUndefined()
    expect(parseConsentCookie('c9=1&c1=2&c2=0&v=1&id=a')).toBeUndefined()
    expect(parseConsentCookie('c9=1&c1=1&c2=0&v=<x>&id=a')).toBeUndefined()
    expect(parseConsentCookie('c9=1&c1=1&c2=0&v=1')).toBeUndefined()
    fc.assert(
      fc.property(fc.string(), (raw) => {
        parseConsentCookie(raw)
      }),
    )
  })

  it('every group has its code', () => {
    expect(
      formatConsentCookie({
        choices: { functional: true, analytical: false, targeting: false },
        policyVersion: 'v',
        consentId: 'i',
      }),
    ).toBe('c9=1&c1=0&c2=0&v=v&id=i')
    expect(CONSENT_GROUPS).toHaveLength(3)
  })
})

describe('when the banner is due', () => {
  const cookie = 'c9=1&c1=1&c2=0&v=2026-12&id=abc'
  it('while the flag is absent or false, then not', () => {
    expect(isConsentDue({ consentCookie: undefined, bannerFlag: undefined, policyVersion: '2026-12' })).toBe(
      true,
    )
    expect(isConsentDue({ consentCookie: cookie, bannerFlag: 'false', policyVersion: '2026-12' })).toBe(true)
    expect(isConsentDue({ consentCookie: cookie, bannerFlag: 'true', policyVersion: '2026-12' })).toBe(false)
  })
  it('again when the policy version changes', () => {
    expect(isConsentDue({ consentCookie: cookie, bannerFlag: 'true', policyVersion: '2027-01' })).toBe(true)
  })
  it('never when the site has no policy version', () => {
    expect(isConsentDue({ consentCookie: undefined, bannerFlag: undefined, policyVersion: '' })).toBe(false)
  })
})

describe('the state a page starts with', () => {
  it('opt-in denies analytical and targeting until the visitor chooses; opt-out allows them', () => {
    const none = { consentCookie: undefined, bannerFlag: undefined, policyVersion: 'v1', gpc: false }
    expect(startingConsentState({ ...none, optIn: true }).groups).toEqual({
      functional: true,
      analytical: false,
      targeting: false,
    })
    expect(startingConsentState({ ...none, optIn: false }).groups).toEqual({
      functional: true,
      analytical: true,
      targeting: true,
    })
    expect(startingConsentState({ ...none, optIn: false }).chosen).toBe(false)
  })
  it('keeps the stored choice, even for an older version, until the visitor answers the new one', () => {
    const s = startingConsentState({
      consentCookie: 'c9=0&c1=1&c2=1&v=v1&id=abc',
      bannerFlag: 'true',
      policyVersion: 'v2',
      optIn: true,
      gpc: false,
    })
    expect(s).toMatchObject({ chosen: false, consentId: 'abc', policyVersion: 'v2' })
    expect(s.groups).toEqual({ functional: false, analytical: true, targeting: true })
  })
  it('GPC denies targeting whatever was stored', () => {
    const s = startingConsentState({
      consentCookie: 'c9=1&c1=1&c2=1&v=v1&id=abc',
      bannerFlag: 'true',
      policyVersion: 'v1',
      optIn: false,
      gpc: true,
    })
    expect(s).toMatchObject({ chosen: true, gpc: true })
    expect(s.groups.targeting).toBe(false)
    expect(s.consentMode.ad_personalization).toBe('denied')
  })
})
