import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SITE_CONFIG, parseSiteConfig, SITE_CONFIG_KEYS } from './siteConfig'

describe('site configuration', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_SITE_CONFIG.languageCookieExpiryDays).toBe(7)
    expect(DEFAULT_SITE_CONFIG.sessionWarningLeadMinutes).toBe(4)
    expect(DEFAULT_SITE_CONFIG.loginFlyoutDelayMs).toBe(5000)
    expect(DEFAULT_SITE_CONFIG.refreshTokenExpirySeconds).toBe(1800)
    expect(DEFAULT_SITE_CONFIG.allowedCookies).toEqual([])
  })

  it('reads typed values and ignores unknown keys', () => {
    const c = parseSiteConfig([
      { key: 'search.character.limit', value: '50' },
      { key: 'header.session.modal.toggle', value: 'false' },
      { key: 'header.allowed.cookies', value: 'languageChosen, CustomerID ,' },
      { key: 'something.else', value: 'x' },
    ])
    expect(c.searchCharacterLimit).toBe(50)
    expect(c.sessionModalEnabled).toBe(false)
    expect(c.allowedCookies).toEqual(['languageChosen', 'CustomerID'])
  })

  it('property: malformed values fall back to defaults, never throw', () => {
    const keys = Object.values(SITE_CONFIG_KEYS).map((s) => s.key)
    fc.assert(
      fc.property(fc.array(fc.record({ key: fc.constantFrom(...keys), value: fc.string() })), (entries) => {
        const c = parseSiteConfig(entries)
        expect(Number.isFinite(c.searchCharacterLimit) && c.searchCharacterLimit >= 0).toBe(true)
        expect(typeof c.sessionModalEnabled).toBe('boolean')
        expect(Array.isArray(c.disabledPlugins)).toBe(true)
      }),
    )
  })
})
