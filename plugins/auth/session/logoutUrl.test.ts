import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadCorpus } from '../../../test/corpus'
import { logoutReturnUrl, pathOf } from './logoutUrl'

const base = { origin: 'https://shop.example', lang: 'en' as const, logoutCallbackUrl: '/logout' }

describe('logout return URL (header spec §4)', () => {
  it('is the configured page with the referrer; French pages get the /fr prefix', () => {
    expect(logoutReturnUrl({ ...base, referrer: '/my-account/orders?orders=1' })).toBe(
      'https://shop.example/logout?referrer=%2Fmy-account%2Forders%3Forders%3D1',
    )
    expect(logoutReturnUrl({ ...base, lang: 'fr', referrer: '/fr/accueil' })).toBe(
      'https://shop.example/fr/logout?referrer=%2Ffr%2Faccueil',
    )
    expect(logoutReturnUrl({ ...base, lang: 'fr', logoutCallbackUrl: '/fr/logout' })).toBe(
      'https://shop.example/fr/logout',
    )
    expect(logoutReturnUrl({ ...base, logoutCallbackUrl: 'https://shop.example/signed-out' })).toBe(
      'https://shop.example/signed-out',
    )
  })

  it('a callback leading off the site falls back to /logout', () => {
    const offSite = [
      'https://evil.com/logout',
      '//evil.com',
      'javascript:alert(1)',
      '',
      // The site's own origin with a path that is itself a network-path reference.
      'https://shop.example//evil.com/x',
    ]
    for (const logoutCallbackUrl of offSite) {
      const url = new URL(logoutReturnUrl({ ...base, logoutCallbackUrl }))
      expect(url.origin).toBe('https://shop.example')
      expect(url.pathname).toBe('/logout')
    }
    for (const lang of ['en', 'fr'] as const) {
      const url = new URL(
        logoutReturnUrl({ ...base, lang, logoutCallbackUrl: 'https://shop.example//evil.com/x' }),
      )
      expect(url.origin).toBe('https://shop.example')
    }
  })

  it('refuses every hostile referrer of test/corpus/redirects.json and keeps every on-site one', () => {
    const { offsite, onsite } = loadCorpus('redirects')
    expect(offsite.length).toBeGreaterThan(10)
    for (const referrer of offsite) {
      const url = new URL(logoutReturnUrl({ ...base, referrer }))
      expect(url.searchParams.has('referrer'), JSON.stringify(referrer)).toBe(false)
      expect(url.origin).toBe('https://shop.example')
    }
    for (const referrer of onsite)
      expect(new URL(logoutReturnUrl({ ...base, referrer })).searchParams.get('referrer')).toBe(referrer)
  })

  it('property: whatever the referrer, the return URL stays on the site', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom<'en' | 'fr'>('en', 'fr'), (referrer, lang) => {
        const url = new URL(logoutReturnUrl({ ...base, lang, referrer }))
        expect(url.origin).toBe('https://shop.example')
        const kept = url.searchParams.get('referrer')
        if (kept !== null) expect(new URL(kept, 'https://shop.example').origin).toBe('https://shop.example')
      }),
    )
  })

  it('the referrer of an address is its path and query', () => {
    expect(pathOf('https://shop.example/cart?x=1#top')).toBe('/cart?x=1')
    expect(pathOf('not a url')).toBe('/')
  })
})
