// @vitest-environment jsdom
import Cookies from 'js-cookie'
import { describe, expect, it } from 'vitest'
import { chosenConsent } from '../../test/fakes/chosenConsent'
import { createConsentStore } from '../consent/consentStore'
import { createCookieWriter } from './cookieWriter'

describe('cookie writer', () => {
  it('writes only allowed cookies and reports refused ones', () => {
    const refused: string[] = []
    const cookies = createCookieWriter(() => ['languageChosen'], { onRefused: (n) => refused.push(n) })
    expect(cookies.set('languageChosen', 'true', { expiresDays: 7 })).toBe(true)
    expect(cookies.set('tracking', '1')).toBe(false)
    expect(Cookies.get('languageChosen')).toBe('true')
    expect(Cookies.get('tracking')).toBeUndefined()
    expect(refused).toEqual(['tracking'])
    cookies.remove('languageChosen')
    expect(Cookies.get('languageChosen')).toBeUndefined()
  })

  it('reads the allow-list each time, so a configuration change applies at once', () => {
    let allowed: string[] = []
    const cookies = createCookieWriter(() => allowed)
    expect(cookies.set('a', '1')).toBe(false)
    allowed = ['a']
    expect(cookies.set('a', '1')).toBe(true)
  })

  it("writes a consent group's cookie only while the group is allowed, deciding at each write", () => {
    const consent = createConsentStore()
    const cookies = createCookieWriter(() => ['visitorSegments', 'cartCount'], {
      consent: {
        state: consent,
        groupsOf: () => ({
          functional: [],
          analytical: [],
          targeting: [{ name: 'visitorSegments', path: '/' }],
        }),
      },
    })
    consent.set(chosenConsent({ targeting: false }))
    expect(cookies.isAllowed('visitorSegments')).toBe(false)
    expect(cookies.set('visitorSegments', 'UnknownUser', { expiresDays: 30 })).toBe(false)
    expect(cookies.set('cartCount', '2')).toBe(true)
    expect(Cookies.get('visitorSegments')).toBeUndefined()
    consent.set(chosenConsent())
    expect(cookies.set('visitorSegments', 'UnknownUser', { expiresDays: 30 })).toBe(true)
    cookies.remove('visitorSegments')
    cookies.remove('cartCount')
  })
})
