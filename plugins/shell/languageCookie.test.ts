import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SITE_CONFIG } from '../../contracts/siteConfig'
import { LANGUAGE_COOKIE, languageCookieDecision } from './languageCookie'

const allowed = ['CustomerID', 'languageChosen']

describe('language-chosen cookie', () => {
  it('is named languageChosen', () => expect(LANGUAGE_COOKIE).toBe('languageChosen'))

  it("is 'true' for French and 'false' for English, 7 days by default", () => {
    expect(languageCookieDecision({ target: 'fr', isAgent: false, allowedCookies: allowed })).toEqual({
      set: true,
      name: 'languageChosen',
      value: 'true',
      expiresDays: 7,
    })
    expect(languageCookieDecision({ target: 'en', isAgent: false, allowedCookies: allowed })).toEqual({
      set: true,
      name: 'languageChosen',
      value: 'false',
      expiresDays: 7,
    })
  })

  it('uses the configured expiry, and 7 days for an unusable one', () => {
    const at = (expiryDays: number) =>
      languageCookieDecision({ target: 'fr', isAgent: false, allowedCookies: allowed, expiryDays })
    expect(at(30)).toMatchObject({ expiresDays: 30 })
    expect(at(0)).toMatchObject({ expiresDays: 7 })
    expect(at(-3)).toMatchObject({ expiresDays: 7 })
    expect(at(Number.NaN)).toMatchObject({ expiresDays: 7 })
    expect(at(Number.POSITIVE_INFINITY)).toMatchObject({ expiresDays: 7 })
  })

  it('on cab2c, choosing French lasts french.cookie.expiry.days; English and other brands the general lifetime', () => {
    const at = (brand: string, target: 'en' | 'fr', frenchExpiryDays?: number) =>
      languageCookieDecision({
        target,
        isAgent: false,
        allowedCookies: allowed,
        expiryDays: 30,
        brand,
        frenchExpiryDays,
      })
    expect(at('cab2c', 'fr', 90)).toMatchObject({ value: 'true', expiresDays: 90 })
    expect(at('cab2c', 'en', 90)).toMatchObject({ value: 'false', expiresDays: 30 })
    expect(at('usb2c', 'fr', 90)).toMatchObject({ value: 'true', expiresDays: 30 })
    expect(at('cab2c', 'fr', 0)).toMatchObject({ expiresDays: 30 })
    expect(at('cab2c', 'fr', undefined)).toMatchObject({ expiresDays: 30 })
    // A brand team that never set the French key: the site configuration's default is "unset".
    expect(at('cab2c', 'fr', DEFAULT_SITE_CONFIG.frenchCookieExpiryDays)).toMatchObject({ expiresDays: 30 })
    expect(
      languageCookieDecision({
        target: 'fr',
        isAgent: false,
        allowedCookies: allowed,
        brand: 'cab2c',
        frenchExpiryDays: -1,
      }),
    ).toMatchObject({ expiresDays: 7 })
  })

  it('is never set for agents', () => {
    expect(languageCookieDecision({ target: 'fr', isAgent: true, allowedCookies: allowed })).toEqual({
      set: false,
    })
  })

  it('is only set when the site configuration allows it', () => {
    expect(languageCookieDecision({ target: 'fr', isAgent: false, allowedCookies: ['CustomerID'] })).toEqual({
      set: false,
    })
    expect(languageCookieDecision({ target: 'en', isAgent: false, allowedCookies: [] })).toEqual({
      set: false,
    })
  })

  it('property: set exactly when not an agent and allowed; the expiry is always a positive number', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('en' as const, 'fr' as const),
        fc.boolean(),
        fc.array(fc.constantFrom('languageChosen', 'CustomerID', 'access_token', 'LanguageChosen')),
        fc.option(fc.double(), { nil: undefined }),
        (target, isAgent, allowedCookies, expiryDays) => {
          const d = languageCookieDecision({ target, isAgent, allowedCookies, expiryDays })
          expect(d.set).toBe(!isAgent && allowedCookies.includes('languageChosen'))
          if (d.set) {
            expect(d.value).toBe(target === 'fr' ? 'true' : 'false')
            expect(d.expiresDays > 0 && Number.isFinite(d.expiresDays)).toBe(true)
          }
        },
      ),
    )
  })
})
