// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { linkHandlersRef } from '../../../contracts/serviceRefs'
import { DEFAULT_SITE_CONFIG } from '../../../contracts/siteConfig'
import { definePlugin } from '../../../kernel/plugin/definePlugin'
import { provide } from '../../../kernel/services/serviceRef'
import { AuthOptionsSchema } from '../authOptions'
import { accountMenuEntries, type HeaderLinkEntry } from '../menu/accountMenuEntries'
import { createLinkHandlers } from '../menu/linkHandlers'
import { SIGNED_IN_MENU_INPUT } from '../test/menuInput'
import { renderAuthSlots } from '../test/renderAuthSlot'
import { AccountLinkList } from './AccountLinks'

afterEach(cleanup)

const entry = (
  name: string,
  clickHandler?: string,
  subMenuLinks: HeaderLinkEntry[] = [],
): HeaderLinkEntry => ({
  kind: 'link',
  name,
  url: `/${name.toLowerCase().replaceAll(' ', '-')}`,
  showOnLogin: true,
  showOnLogout: true,
  showIfCookies: [],
  isSubMenu: false,
  subMenuLinks,
  className: 'account-menu__link',
  isNoLink: false,
  noboLink: '',
  isNoboUser: false,
  target: '_self',
  dataSelector: name.toLowerCase().replaceAll(' ', '-'),
  ...(clickHandler ? { clickHandler } : {}),
})

function renderLinks(entries: HeaderLinkEntry[]) {
  const logged: string[] = []
  const ran: string[] = []
  const handlers = createLinkHandlers(
    {
      signOut: async () => {},
      identityProviderLogout: async () => {},
      siteConfig: () => DEFAULT_SITE_CONFIG,
    },
    (eventType) => void logged.push(eventType),
  )
  handlers.register('openLoginPopup', (event) => {
    event.preventDefault()
    ran.push('openLoginPopup')
  })
  const registry = definePlugin({ id: 'handlers', services: [provide(linkHandlersRef, {}, () => handlers)] })
  const onChosen = vi.fn()
  renderAuthSlots([() => <AccountLinkList entries={entries} onChosen={onChosen} />], { plugins: [registry] })
  return { logged, ran, onChosen }
}

/** Clicks a link as a shopper does: whether the page would have followed it. */
const follows = (name: string) => fireEvent.click(screen.getByRole('link', { name }))

describe('an account menu link with a clickHandler (header spec §3; navigation spec §3 sub-menu link)', () => {
  it('runs its named handler, on a header link and on a sub-menu link; the menu closes as for any link', () => {
    const { ran, onChosen } = renderLinks([
      entry('Sign in here', 'openLoginPopup'),
      entry('Rewards', undefined, [{ ...entry('Join now', 'openLoginPopup'), isSubMenu: true }]),
    ])
    expect(follows('Sign in here')).toBe(false)
    expect(follows('Join now')).toBe(false)
    expect(ran).toEqual(['openLoginPopup', 'openLoginPopup'])
    expect(onChosen).toHaveBeenCalledTimes(2)
  })

  it('an unknown name is a plain link (the page follows it), logged; a link without one runs nothing', () => {
    const { ran, logged } = renderLinks([entry('Deals', 'window.location=evil'), entry('Orders')])
    expect(follows('Deals')).toBe(true)
    expect(follows('Orders')).toBe(true)
    expect(ran).toEqual([])
    expect(logged).toEqual(['LINK_HANDLER_UNKNOWN'])
  })
})

describe('clickHandler in a brand’s link entries (auth option links)', () => {
  const decode = (clickHandler: string) =>
    v.safeParse(AuthOptionsSchema, {
      links: [
        {
          label: 'header.menu.my.perks',
          isNoLink: true,
          dataSelector: 'perks',
          subMenuLinks: [
            { label: 'header.menu.my.perks', url: '/perks', dataSelector: 'join', clickHandler },
          ],
        },
      ],
    })

  it('is a name, carried to the sub-menu link it is on', () => {
    const decoded = decode('openJoinModal')
    expect(decoded.success).toBe(true)
    const links = decoded.success ? decoded.output.links : []
    const perks = accountMenuEntries({ ...SIGNED_IN_MENU_INPUT, links }).find(
      (e) => e.dataSelector === 'perks',
    )
    expect(perks?.subMenuLinks.map((e) => [e.dataSelector, e.clickHandler])).toEqual([
      ['join', 'openJoinModal'],
    ])
  })

  it('is never code or an address', () => {
    for (const bad of ['alert(1)', 'javascript:void(0)', 'a b', ''])
      expect(decode(bad).success, bad).toBe(false)
  })
})
