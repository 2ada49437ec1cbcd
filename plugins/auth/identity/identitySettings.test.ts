import { describe, expect, it } from 'vitest'
import { sameOriginPath } from '../../../site/safePath'
import { loadCorpus } from '../../../test/corpus'
import { authorizationParamsFor } from './authorizeParams'
import { hasCallbackParams, withoutCallbackParams } from './callbackUrl'
import { identitySettingsFrom, providerBaseUrl } from './identitySettings'
import { isPerksPagePath, readDocumentCookie, shopperFlagsFrom } from './shopperFlags'

const config = { authAudience: 'https://api/cfg', authClientId: 'cfg-client', authScope: 'openid cfg' }
const page = { protocol: 'http:', origin: 'http://localhost:4200' }
const inputs = {
  authDomain: 'localhost:4200',
  authClientId: 'oh-usb2c-web-7Qd2xK',
  authAudience: 'https://api.brewco.example/usb2c',
  authScope: 'openid profile email offline_access',
  redirectUri: 'http://localhost:4200/',
  redirectUriFr: 'http://localhost:4200/fr/accueil',
}

describe('identitySettingsFrom', () => {
  it('reads the hidden inputs, giving a bare authDomain the page scheme', () => {
    expect(identitySettingsFrom(inputs, config, 'fr', page)).toEqual({
      domain: 'http://localhost:4200',
      clientId: 'oh-usb2c-web-7Qd2xK',
      audience: 'https://api.brewco.example/usb2c',
      scope: 'openid profile email offline_access',
      redirectUris: { en: 'http://localhost:4200/', fr: 'http://localhost:4200/fr/accueil' },
      lang: 'fr',
    })
  })

  it('falls back to the site configuration and the page origin', () => {
    expect(
      identitySettingsFrom({ authDomain: 'tenant.auth0.com' }, config, 'en', { ...page, protocol: 'https:' }),
    ).toEqual({
      domain: 'https://tenant.auth0.com',
      clientId: 'cfg-client',
      audience: 'https://api/cfg',
      scope: 'openid cfg',
      redirectUris: { en: 'http://localhost:4200/', fr: 'http://localhost:4200/fr/accueil' },
      lang: 'en',
    })
  })

  it('says what is missing', () => {
    expect(() => identitySettingsFrom({}, { ...config, authClientId: '' }, 'en', page)).toThrow(
      /needs authDomain and authClientId/,
    )
  })

  it('keeps a scheme and drops trailing slashes', () => {
    expect(providerBaseUrl('https://login.example.com/', 'http:')).toBe('https://login.example.com')
    expect(providerBaseUrl(' HTTP://x.localhost:4200 ', 'https:')).toBe('HTTP://x.localhost:4200')
    expect(providerBaseUrl('', 'https:')).toBe('')
  })
})

describe('authorizationParamsFor', () => {
  const settings = identitySettingsFrom(inputs, config, 'en', page)
  const none = { isSWU: false, existingPerksUser: false, hasAutoDelivery: false, perksPage: false }
  it('leaves out an unconfigured audience', () => {
    expect(authorizationParamsFor({ ...settings, audience: '' }, 'en', 'login', none)).not.toHaveProperty(
      'audience',
    )
  })
  it('adds screen_hint only for sign-up', () => {
    expect(authorizationParamsFor(settings, 'en', 'login', none)).not.toHaveProperty('screen_hint')
    expect(authorizationParamsFor(settings, 'en', 'signup', none).screen_hint).toBe('signup')
  })
})

describe('shopper flags', () => {
  it.each([
    ['/brewco-rewards-program', true],
    ['/fr/brewco-programme-fidelite', true],
    ['/loyalty/rewards', true],
    ['/membership/rewards-catalog', true],
    ['/my-account/loyalty', true],
    ['/fr/my-account/loyalty/', true],
    ['/', false],
    ['/cart', false],
    ['/my-account/orders', false],
    ['/loyalty-program-terms-conditions', false],
  ])('%s is a perks page: %s', (path, expected) => expect(isPerksPagePath(path)).toBe(expected))

  it('reads true only from the string true', () => {
    const cookies: Record<string, string> = {
      isSWU: 'true',
      existingPerksUser: 'yes',
      autoDeliveryItem: 'true',
    }
    expect(shopperFlagsFrom((n) => cookies[n], '/')).toEqual({
      isSWU: true,
      existingPerksUser: false,
      hasAutoDelivery: true,
      perksPage: false,
    })
  })

  it('has no cookies without a document', () => expect(readDocumentCookie('isSWU')).toBeUndefined())
})

describe('callback URLs', () => {
  it('knows a provider return', () => {
    expect(hasCallbackParams('http://x/?code=1&state=2')).toBe(true)
    expect(hasCallbackParams('http://x/?error=access_denied&state=2')).toBe(true)
    expect(hasCallbackParams('http://x/?code=1')).toBe(false)
    expect(hasCallbackParams('not a url')).toBe(false)
    expect(withoutCallbackParams('http://x/cart?code=1&state=2&keep=3#top')).toBe('http://x/cart?keep=3#top')
  })

  const redirects = loadCorpus('redirects')
  const SHOP = 'https://shop.example'
  it.each(redirects.offsite)('never returns to offsite %j', (raw) => {
    expect(sameOriginPath(raw, SHOP)).toBeUndefined()
    const viaAbsolute = sameOriginPath(`${SHOP}${raw}`, SHOP)
    if (viaAbsolute !== undefined) expect(new URL(viaAbsolute, SHOP).origin).toBe(SHOP)
  })
  it.each(redirects.onsite)('keeps onsite %j', (raw) => expect(sameOriginPath(raw, SHOP)).toBe(raw))
})
