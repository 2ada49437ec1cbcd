import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LABEL_FALLBACKS, type LabelKey, type Labels } from '../../../contracts/labels'
import type { MenuSet } from '../../../contracts/menuSet'
import { localizedPath } from '../../../site/language'
import { isSameOriginPath } from '../../../site/safePath'
import { loadCorpus } from '../../../test/corpus'
import { type AuthOptions, DEFAULT_AUTH_OPTIONS } from '../authOptions'
import { SIGNED_IN_MENU_INPUT } from '../test/menuInput'
import {
  type AccountMenuInput,
  accountMenuEntries,
  applyAutoDeliveryRule,
  supportEntry,
} from './accountMenuEntries'

const MENU_KEYS = [
  'header.menu.register.coffee.maker',
  'header.menu.contact.us',
  'header.menu.my.account',
  'header.menu.my.brews',
  'header.menu.quick.reorder',
  'header.menu.track.orders',
  'header.menu.my.orders',
  'header.menu.build.bundle',
  'header.menu.sign.in',
  'header.menu.sign.in.ca',
  'header.menu.sign.out',
] as const satisfies readonly LabelKey[]

/** Which label names each entry (the Canadian sign-in has its own). */
const LABEL_OF: Record<string, LabelKey> = {
  'register-coffee-maker-logged-out': 'header.menu.register.coffee.maker',
  'register-coffee-maker-logged-in': 'header.menu.register.coffee.maker',
  'contact-us': 'header.menu.contact.us',
  'my-account': 'header.menu.my.account',
  'my-brews': 'header.menu.my.brews',
  'quick-reorder': 'header.menu.quick.reorder',
  'track-orders': 'header.menu.track.orders',
  'my-orders': 'header.menu.my.orders',
  'build-bundle': 'header.menu.build.bundle',
  'sign-in': 'header.menu.sign.in',
  'sign-out': 'header.menu.sign.out',
}

/** The Canadian store's account-menu options (host/brands/cab2c.ts); usb2c's are the defaults. */
const SIGN_IN_CA: AuthOptions['signIn'] = { label: 'header.menu.sign.in.ca', url: '/login?register=true' }
const CANADA = {
  menuSet: 'canada',
  signIn: SIGN_IN_CA,
  hiddenEntries: ['quick-reorder'],
} satisfies Partial<AccountMenuInput>

const redirects = loadCorpus('redirects')
const labelsArb = fc
  .record(Object.fromEntries(MENU_KEYS.map((k) => [k, fc.string({ minLength: 1, maxLength: 12 })])))
  .map((menu) => ({ ...LABEL_FALLBACKS, ...menu }) as Labels)

const inputArb: fc.Arbitrary<AccountMenuInput> = fc.record({
  lang: fc.constantFrom('en' as const, 'fr' as const),
  signedIn: fc.boolean(),
  isAgent: fc.boolean(),
  config: fc.record({
    registerCoffeeMakerUrl: fc.oneof(
      fc.constant('/appliances/register-brewer'),
      fc.constantFrom(...redirects.offsite, ...redirects.onsite),
      fc.string(),
      fc.webPath(),
    ),
    isMyBrewsEnabled: fc.boolean(),
  }),
  labels: labelsArb,
  menuSet: fc.constantFrom<MenuSet>('consumer', 'commercial', 'canada'),
  // Brand options vary independently of the menu set: a brand is any combination of them.
  signIn: fc.constantFrom(DEFAULT_AUTH_OPTIONS.signIn, SIGN_IN_CA),
  hiddenEntries: fc.constantFrom<string[]>([], ['quick-reorder']),
  webAppAutoDeliverySession: fc.boolean(),
})

const base = SIGNED_IN_MENU_INPUT
const selectors = (input: Partial<AccountMenuInput>) =>
  accountMenuEntries({ ...base, ...input }).map((e) => e.dataSelector)

describe('account menu entries (properties over every input)', () => {
  it('sign out iff signed in, and it is the logout kind, last', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const entries = accountMenuEntries(input)
        const signOut = entries.filter((e) => e.dataSelector === 'sign-out')
        expect(signOut.length).toBe(input.signedIn ? 1 : 0)
        expect(entries.filter((e) => e.kind === 'logout')).toEqual(signOut)
        if (input.signedIn) expect(entries.at(-1)?.kind).toBe('logout')
      }),
    )
  })

  it('never shows Quick-Reorder where the brand hides it (cab2c)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const has = accountMenuEntries(input).some((e) => e.dataSelector === 'quick-reorder')
        if (input.hiddenEntries.includes('quick-reorder')) expect(has).toBe(false)
        else expect(has).toBe(input.signedIn && input.menuSet !== 'canada')
      }),
    )
  })

  it('no cart link in the Canadian account menu, signed in or out, in either language (header spec §5)', () => {
    for (const lang of ['en', 'fr'] as const)
      for (const signedIn of [true, false]) {
        const entries = accountMenuEntries({ ...SIGNED_IN_MENU_INPUT, ...CANADA, lang, signedIn })
        const urls = entries.map((e) => e.url)
        expect(urls.filter((u) => /^(\/fr)?\/cart(\/|\?|$)/.test(u))).toEqual([])
        expect(entries.map((e) => e.dataSelector)).not.toContain('quick-reorder')
      }
  })

  it('every url is a same-origin path, with the /fr prefix in French', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const e of [...accountMenuEntries(input), supportEntry(input.labels, input.lang)]) {
          expect(e.url.startsWith('/')).toBe(true)
          expect(isSameOriginPath(e.url)).toBe(true)
          if (input.lang === 'fr') expect(e.url === '/fr' || /^\/fr[/?]/.test(e.url)).toBe(true)
          // In English only a configured register-coffee-maker path could be a /fr one (taken as given).
          else if (!e.dataSelector.startsWith('register-coffee-maker'))
            expect(e.url.startsWith('/fr')).toBe(false)
        }
      }),
    )
  })

  it('register coffee maker: the logged-out variant for visitors, the logged-in one for customers, config url', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const register = accountMenuEntries(input).filter((e) =>
          e.dataSelector.startsWith('register-coffee-maker'),
        )
        if (input.menuSet === 'commercial') {
          expect(register).toEqual([])
          return
        }
        expect(register.map((e) => e.dataSelector)).toEqual([
          input.signedIn ? 'register-coffee-maker-logged-in' : 'register-coffee-maker-logged-out',
        ])
        const configured = input.config.registerCoffeeMakerUrl.trim()
        const path = isSameOriginPath(configured) ? configured : '/appliances/register-brewer'
        expect(register[0]?.url).toBe(localizedPath(input.lang, path))
      }),
    )
  })

  it('every caption comes from the labels', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const e of accountMenuEntries(input)) {
          const key = e.dataSelector === 'sign-in' ? input.signIn.label : LABEL_OF[e.dataSelector]
          expect(key).toBeDefined()
          expect(e.name).toBe(input.labels[key as LabelKey])
        }
      }),
    )
  })

  it('every entry has the header spec §3 fields and a unique data selector', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const entries = accountMenuEntries(input)
        expect(new Set(entries.map((e) => e.dataSelector)).size).toBe(entries.length)
        for (const e of entries) {
          expect(e.isSubMenu).toBe(false)
          expect(e.target).toBe('_self')
          expect(input.signedIn ? e.showOnLogin : e.showOnLogout).toBe(true)
        }
      }),
    )
  })
})

describe('account menu entries (examples)', () => {
  it('consumer, signed in, English', () => {
    expect(accountMenuEntries(base).map((e) => [e.name, e.url])).toEqual([
      ['Register Coffee Maker', '/appliances/register-brewer'],
      ['My Account', '/my-account'],
      ['My Orders', '/my-account/orders'],
      ['Quick-Reorder', '/my-account/orders?orders=1'],
      ['Contact Us', '/content/contact-us'],
      ['Sign out', '/logout'],
    ])
  })

  it('uses the brews My Account when isMyBrewsEnabled', () => {
    const entries = accountMenuEntries({ ...base, config: { ...base.config, isMyBrewsEnabled: true } })
    expect(entries.find((e) => e.dataSelector === 'my-brews')?.url).toBe('/my-account?dashboard=1')
    expect(entries.some((e) => e.dataSelector === 'my-account')).toBe(false)
  })

  it('Canada has its own sign-in caption and url, French prefixed', () => {
    const entries = accountMenuEntries({
      ...base,
      ...CANADA,
      lang: 'fr',
      signedIn: false,
    })
    expect(entries.find((e) => e.dataSelector === 'sign-in')).toMatchObject({
      name: 'Sign In or Register',
      url: '/fr/login?register=true',
    })
    expect(entries.map((e) => e.dataSelector)).toEqual([
      'register-coffee-maker-logged-out',
      'track-orders',
      'contact-us',
      'sign-in',
    ])
  })

  it('a brand is its options: any menu set, its own sign-in entry, any entries hidden', () => {
    const made = {
      ...base,
      menuSet: 'commercial',
      signIn: { label: 'header.log.in', url: '/account/sign-in' },
      hiddenEntries: ['build-bundle', 'contact-us'],
      signedIn: false,
      lang: 'fr',
    } satisfies AccountMenuInput
    expect(accountMenuEntries(made).map((e) => [e.dataSelector, e.name, e.url])).toEqual([
      ['track-orders', 'Track My Orders', '/fr/my-account/orders'],
      ['sign-in', 'Log In', '/fr/account/sign-in'],
    ])
  })

  it('food-service has Build A Bundle and no register coffee maker', () => {
    expect(selectors({ menuSet: 'commercial' })).toEqual([
      'my-account',
      'my-orders',
      'quick-reorder',
      'build-bundle',
      'contact-us',
      'sign-out',
    ])
    expect(accountMenuEntries({ ...base, menuSet: 'commercial' })[3]?.url).toBe('/small-business-bundle')
  })

  it('register-coffee-maker url from configuration, /fr prefixed once in French', () => {
    const config = { registerCoffeeMakerUrl: '/brewers/register', isMyBrewsEnabled: false }
    expect(accountMenuEntries({ ...base, config, lang: 'fr' })[0]?.url).toBe('/fr/brewers/register')
    const already = { ...config, registerCoffeeMakerUrl: '/fr/brewers/register' }
    expect(accountMenuEntries({ ...base, config: already, lang: 'fr' })[0]?.url).toBe('/fr/brewers/register')
    const offsite = { ...config, registerCoffeeMakerUrl: 'https://evil.example/x' }
    expect(accountMenuEntries({ ...base, config: offsite })[0]?.url).toBe('/appliances/register-brewer')
  })

  it('header spec §5 auto-delivery rule swaps the auto-delivery links', () => {
    const links = ['start-auto-delivery', 'auto-delivery', 'my-auto-delivery', 'my-business', 'other'].map(
      (dataSelector) => ({ dataSelector }),
    )
    const kept = (signedIn: boolean, flag: boolean) =>
      applyAutoDeliveryRule(links, signedIn, flag).map((l) => l.dataSelector)
    expect(kept(true, true)).toEqual(['my-auto-delivery', 'my-business', 'other'])
    expect(kept(true, false)).toEqual(['start-auto-delivery', 'auto-delivery', 'other'])
    expect(kept(false, true)).toEqual(['start-auto-delivery', 'auto-delivery', 'other'])
  })

  it('support link per language from the labels, same-origin only', () => {
    const fr = {
      ...LABEL_FALLBACKS,
      'header.support.label': 'Soutien',
      'header.support.default.url': '/fr/content/contact-us',
    }
    expect(supportEntry(fr as Labels, 'fr')).toMatchObject({ name: 'Soutien', url: '/fr/content/contact-us' })
    const evil = { ...LABEL_FALLBACKS, 'header.support.default.url': '//evil.com' }
    expect(supportEntry(evil as Labels, 'en').url).toBe('/content/contact-us')
  })
})
