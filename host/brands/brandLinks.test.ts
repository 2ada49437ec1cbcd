import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { AuthOptionsSchema } from '../../plugins/auth/authOptions'
import {
  type AccountMenuInput,
  accountMenuEntries,
  type HeaderLinkEntry,
} from '../../plugins/auth/menu/accountMenuEntries'
import { SIGNED_IN_MENU_INPUT } from '../../plugins/auth/test/menuInput'
import { BRAND_CONFIGS } from '.'

const base = SIGNED_IN_MENU_INPUT
const CANADA = {
  menuSet: 'canada',
  signIn: { label: 'header.menu.sign.in.ca', url: '/login?register=true' },
  hiddenEntries: ['quick-reorder'],
} satisfies Partial<AccountMenuInput>

describe('brand link entries (auth option links, header spec §3 header link entry)', () => {
  /** usb2c's configuration (host/brands/usb2c.ts), decoded as the header decodes it. */
  const usb2cLinks = () => {
    const auth = BRAND_CONFIGS.usb2c.plugins.find((p) => p.id === 'auth')
    return v.parse(AuthOptionsSchema, auth?.options).links
  }
  const tree = (entries: readonly HeaderLinkEntry[]): unknown[] =>
    entries.map((e) => (e.subMenuLinks.length ? { [e.dataSelector]: tree(e.subMenuLinks) } : e.dataSelector))
  const withLinks = (input: Partial<AccountMenuInput>, cookies: Record<string, string> = {}) =>
    tree(
      accountMenuEntries({
        ...base,
        links: usb2cLinks(),
        hasCookie: (name) => cookies[name] !== undefined && cookies[name] !== '' && cookies[name] !== 'false',
        ...input,
      }),
    )

  it('come after the menu set, before Sign out; a caption heads its nested sub-menu (isNoLink)', () => {
    expect(withLinks({})).toEqual([
      'register-coffee-maker-logged-in',
      'my-account',
      'my-orders',
      'quick-reorder',
      'contact-us',
      { 'auto-delivery-menu': ['start-auto-delivery'] },
      'sign-out',
    ])
    const caption = accountMenuEntries({ ...base, links: usb2cLinks() }).find(
      (e) => e.dataSelector === 'auto-delivery-menu',
    )
    expect(caption).toMatchObject({ isNoLink: true, url: '', name: 'Auto Delivery', kind: 'link' })
    expect(caption?.subMenuLinks[0]).toMatchObject({
      isSubMenu: true,
      url: '/coffee-auto-delivery',
      name: 'Start Auto Delivery',
    })
  })

  it('header spec §5 auto-delivery rule inside sub-menus: My Auto Delivery with the web-app flag, Start otherwise', () => {
    expect(withLinks({ webAppAutoDeliverySession: true })).toContainEqual({
      'auto-delivery-menu': ['my-auto-delivery'],
    })
    // Visitors never get the flagged variant (the rule is for logged-in users).
    expect(withLinks({ signedIn: false, webAppAutoDeliverySession: true })).toContainEqual({
      'auto-delivery-menu': ['start-auto-delivery'],
    })
  })

  it('showIfCookies: My Perks only when isPerksOptIn is set (not empty, not false)', () => {
    expect(withLinks({})).not.toContain('my-perks')
    expect(withLinks({}, { isPerksOptIn: 'false' })).not.toContain('my-perks')
    expect(withLinks({}, { isPerksOptIn: '' })).not.toContain('my-perks')
    expect(withLinks({}, { isPerksOptIn: 'true' })).toContain('my-perks')
    expect(withLinks({ signedIn: false }, { isPerksOptIn: 'true' })).not.toContain('my-perks')
  })

  it('isNoboUser: Customer Lookup for agent sessions only', () => {
    expect(withLinks({})).not.toContain('customer-lookup')
    expect(withLinks({ isAgent: true })).toContain('customer-lookup')
  })

  it('noboLink, target, class name and French paths at every depth', () => {
    const links = v.parse(AuthOptionsSchema, {
      links: [
        {
          label: 'header.menu.my.perks',
          url: '/my-account/loyalty',
          noboLink: '/cs/perks',
          target: '_blank',
          className: 'perks',
          dataSelector: 'perks',
          subMenuLinks: [
            { label: 'header.menu.my.orders', url: '/my-account/orders', dataSelector: 'orders-2' },
          ],
        },
      ],
    }).links
    const find = (input: Partial<AccountMenuInput>) =>
      accountMenuEntries({ ...base, links, ...input }).find((e) => e.dataSelector === 'perks')
    expect(find({})).toMatchObject({
      url: '/my-account/loyalty',
      target: '_blank',
      className: 'account-menu__link perks',
    })
    expect(find({ isAgent: true })?.url).toBe('/cs/perks')
    expect(find({ lang: 'fr', isAgent: true })?.url).toBe('/fr/cs/perks')
    expect(find({ lang: 'fr' })?.subMenuLinks[0]?.url).toBe('/fr/my-account/orders')
  })

  it('a caption whose sub-menu is empty for this shopper is left out', () => {
    const links = v.parse(AuthOptionsSchema, {
      links: [
        {
          label: 'header.menu.auto.delivery',
          isNoLink: true,
          dataSelector: 'group',
          subMenuLinks: [
            { label: 'header.menu.my.orders', url: '/x', dataSelector: 'x', showOnLogin: false },
          ],
        },
      ],
    }).links
    expect(accountMenuEntries({ ...base, links }).map((e) => e.dataSelector)).not.toContain('group')
  })

  it('a custom component entry (cab2c language links) is the component kind with its id and options', () => {
    const auth = BRAND_CONFIGS.cab2c.plugins.find((p) => p.id === 'auth')
    const links = v.parse(AuthOptionsSchema, auth?.options).links
    const entry = accountMenuEntries({ ...base, ...CANADA, links }).find((e) => e.kind === 'component')
    expect(entry).toMatchObject({
      dataSelector: 'language-links',
      url: '',
      customComponent: { id: 'shell.languageLinks', options: undefined },
    })
  })

  it('configuration that could mislead a shopper is refused when the header starts', () => {
    const refused = (links: unknown) => !v.safeParse(AuthOptionsSchema, { links }).success
    expect(
      refused([{ label: 'header.menu.my.perks', url: 'https://evil.example/', dataSelector: 'a' }]),
    ).toBe(true)
    expect(refused([{ label: 'header.menu.my.perks', url: '//evil.example/', dataSelector: 'a' }])).toBe(true)
    expect(refused([{ label: 'header.menu.my.perks', url: '/fr/x', dataSelector: 'a' }])).toBe(true)
    expect(refused([{ label: 'header.menu.my.perks', dataSelector: 'a' }])).toBe(true) // a link needs a url
    expect(refused([{ url: '/x', dataSelector: 'a' }])).toBe(true) // and a caption
    expect(refused([{ isCustomComponent: true, dataSelector: 'a' }])).toBe(true) // a component needs its id
    expect(
      refused([{ label: 'header.menu.my.perks', url: '/x', dataSelector: 'a', noboLink: 'javascript:x' }]),
    ).toBe(true)
    expect(
      refused([
        { label: 'header.menu.my.perks', url: '/x', dataSelector: 'a' },
        {
          label: 'header.menu.auto.delivery',
          isNoLink: true,
          dataSelector: 'b',
          subMenuLinks: [{ label: 'header.menu.my.orders', url: '/y', dataSelector: 'a' }],
        },
      ]),
    ).toBe(true) // a data selector twice, at any depth
    expect(
      refused([{ label: 'header.menu.my.perks', url: '/x', dataSelector: 'a', onClick: 'alert(1)' }]),
    ).toBe(true)
    // A built-in entry's selector (duplicate React keys, rules keyed on it) is refused too.
    expect(refused([{ label: 'header.menu.my.perks', url: '/x', dataSelector: 'my-account' }])).toBe(true)
    expect(refused([{ label: 'header.menu.my.perks', url: '/x', dataSelector: 'support' }])).toBe(true)
    expect(refused([{ label: 'header.menu.my.perks', url: '/x', dataSelector: 'a' }])).toBe(false)
  })
})
