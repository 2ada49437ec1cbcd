// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { BehaviorSubject } from 'rxjs'
import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import { type CustomerDetails, CustomerDetailsSchema } from '../../../contracts/auth'
import { labelsFrom } from '../../../contracts/labels'
import { labelEntries } from '../../../contracts/labelTexts'
import type { Resource } from '../../../contracts/resource'
import type { ShopperAccount, ShopperSession } from '../../../contracts/serviceRefs'
import { stateStream } from '../../../kernel/state/stateStream'
import { expectNoAxeViolations } from '../test/expectNoAxeViolations'
import { createFakeAuthSession } from '../test/fakeAuthSession'
import { type RenderAuthOptions, renderAuthSlots } from '../test/renderAuthSlot'
import AccountSlot from './AccountSlot'
import { HOVER_CLOSE_DELAY_MS, HOVER_OPEN_DELAY_MS, OVERLAY_TOP_PX } from './accountFlyoutRules'

afterEach(cleanup)

const frContext = {
  lang: 'fr' as const,
  brand: 'cab2c' as const,
  labels: labelsFrom(labelEntries('cab2c', 'fr')),
}
/** The auth options of host/brands/cab2c.ts and usafh.ts (usb2c's are the defaults). */
const CANADA: RenderAuthOptions['pluginOptions'] = {
  menuSet: 'canada',
  signIn: { label: 'header.menu.sign.in.ca', url: '/login?register=true' },
  hiddenEntries: ['quick-reorder'],
}
const COMMERCIAL: RenderAuthOptions['pluginOptions'] = { menuSet: 'commercial' }

async function openMenu(options: Parameters<typeof renderAuthSlots>[1] = {}) {
  const user = userEvent.setup()
  const rendered = renderAuthSlots([AccountSlot], {
    session: createFakeAuthSession({ signedIn: true }),
    ...options,
  })
  const button = screen.getByRole('button', { name: /^Hi, Jamie|Bienvenue, Jamie/ })
  await user.click(button)
  const nav = await screen.findByRole('navigation', { name: /Account|Compte/ })
  return { ...rendered, user, button, nav }
}

describe('account slot: the button', () => {
  it('signed out: a "Log In" button that opens a dialog, not expanded', () => {
    renderAuthSlots([AccountSlot])
    const button = screen.getByRole('button', { name: 'Log In' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(button.getAttribute('aria-haspopup')).toBe('dialog')
    expect(button.hasAttribute('aria-controls')).toBe(false)
  })

  it('signed in: "Hi, {first name}" in English', () => {
    renderAuthSlots([AccountSlot], { session: createFakeAuthSession({ signedIn: true, firstName: 'Jamie' }) })
    expect(screen.getByRole('button', { name: 'Hi, Jamie' })).toBeTruthy()
  })

  it('signed in: "Bienvenue, {first name}" in French', () => {
    renderAuthSlots([AccountSlot], { session: createFakeAuthSession({ signedIn: true }), context: frContext })
    expect(screen.getByRole('button', { name: 'Bienvenue, Jamie' })).toBeTruthy()
  })

  it('agent session: the agent suffix before the customer name', () => {
    const session = createFakeAuthSession({ signedIn: true, agent: { csAgentId: 'agent-7' } })
    renderAuthSlots([AccountSlot], { session })
    expect(screen.getByRole('button', { name: 'Hi, CCR as Jamie' })).toBeTruthy()
    cleanup()
    renderAuthSlots([AccountSlot], { session, context: frContext })
    expect(screen.getByRole('button', { name: 'Bienvenue, CCR pour Jamie' })).toBeTruthy()
  })

  it('follows the session: signing in and out changes the text, not the element', () => {
    const session = createFakeAuthSession()
    renderAuthSlots([AccountSlot], { session })
    const button = screen.getByTestId('account-button')
    act(() => session.signIn({ firstName: 'Ana' }))
    expect(screen.getByTestId('account-button')).toBe(button)
    expect(button.textContent).toBe('Hi, Ana')
    act(() => session.signOut())
    expect(button.textContent).toBe('Log In')
  })

  it('keeps the accessible name when it is icon-only on phones', () => {
    renderAuthSlots([AccountSlot], { session: createFakeAuthSession({ signedIn: true }), mobile: true })
    expect(screen.getByRole('button', { name: 'Hi, Jamie' })).toBeTruthy()
  })
})

describe('account slot: the account menu (disclosure navigation)', () => {
  it('opens on click with aria-expanded and aria-controls pointing at a list of links (no role=menu)', async () => {
    const { button, nav } = await openMenu()
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '')
    expect(panel?.contains(nav)).toBe(true)
    expect(screen.queryByRole('menu')).toBeNull()
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Register Coffee Maker', '/appliances/register-brewer'],
      ['My Account', '/my-account'],
      ['My Orders', '/my-account/orders'],
      ['Quick-Reorder', '/my-account/orders?orders=1'],
      ['Contact Us', '/content/contact-us'],
      ['Support', '/content/contact-us'],
    ])
    // The one action, last: a button.
    expect(within(nav).getAllByRole('listitem').at(-1)?.querySelector('button')?.textContent).toBe('Sign out')
    expect(within(nav).getByRole('button', { name: 'Close' })).toBeTruthy()
    expect(document.activeElement).toBe(button)
  })

  it("customer data's connectedBrewer ('true'): the coffee-maker entry says the brewer is connected, same page", async () => {
    const data = v.parse(CustomerDetailsSchema, {
      isLoggedIn: true,
      firstName: 'Jamie',
      connectedBrewer: 'true',
    })
    const account: ShopperAccount = {
      session$: stateStream(
        new BehaviorSubject<ShopperSession>({ status: 'signedIn', customerId: '1', agent: null }),
      ),
      customer$: stateStream(new BehaviorSubject<Resource<CustomerDetails>>({ status: 'success', data })),
      reloadCustomer: async () => {},
    }
    const { nav } = await openMenu({ account })
    const entry = within(nav).getByRole('link', { name: 'Your Brewer Is Connected' })
    expect(entry.getAttribute('href')).toBe('/appliances/register-brewer')
    expect(within(nav).queryByRole('link', { name: 'Register Coffee Maker' })).toBeNull()
    cleanup()
    // The string 'false' (or no field) is no connected brewer.
    const none = v.parse(CustomerDetailsSchema, { isLoggedIn: true, connectedBrewer: 'false' })
    const other = await openMenu({
      account: {
        ...account,
        customer$: stateStream(
          new BehaviorSubject<Resource<CustomerDetails>>({ status: 'success', data: none }),
        ),
      },
    })
    expect(within(other.nav).getByRole('link', { name: 'Register Coffee Maker' })).toBeTruthy()
  })

  it('opens on Enter and on Space, and toggles closed', async () => {
    const user = userEvent.setup()
    renderAuthSlots([AccountSlot], { session: createFakeAuthSession({ signedIn: true }) })
    const button = screen.getByRole('button', { name: 'Hi, Jamie' })
    button.focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('navigation', { name: 'Account' })).toBeTruthy()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull()
    await user.keyboard(' ')
    expect(await screen.findByRole('navigation', { name: 'Account' })).toBeTruthy()
  })

  it('French cab2c menu: French labels, /fr urls, no Quick-Reorder, French support link', async () => {
    const { nav } = await openMenu({ context: frContext, pluginOptions: CANADA })
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual([
      ['Enregistrer une cafetière', '/fr/appliances/register-brewer'],
      ['Mon compte', '/fr/my-account'],
      ['Mes commandes', '/fr/my-account/orders'],
      ['Nous joindre', '/fr/content/contact-us'],
      ['Soutien', '/fr/content/contact-us'],
    ])
    expect(within(nav).getByRole('button', { name: 'Se déconnecter' })).toBeTruthy()
  })

  it('my-brews My Account when the flag is on; food-service menu on usafh', async () => {
    const { nav } = await openMenu({ siteConfig: { isMyBrewsEnabled: true } })
    expect(within(nav).getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe(
      '/my-account?dashboard=1',
    )
    cleanup()
    const usafh = await openMenu({ context: { brand: 'usafh' }, pluginOptions: COMMERCIAL })
    expect(within(usafh.nav).getByRole('link', { name: 'Build A Bundle' }).getAttribute('href')).toBe(
      '/small-business-bundle',
    )
    expect(within(usafh.nav).queryByRole('link', { name: 'Register Coffee Maker' })).toBeNull()
  })

  it('Escape closes and returns focus to the menu button', async () => {
    const { user, button, nav } = await openMenu()
    within(nav).getByRole('link', { name: 'My Orders' }).focus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull()
    expect(document.activeElement).toBe(button)
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })

  it('Close button closes and returns focus to the menu button', async () => {
    const { user, button, nav } = await openMenu()
    await user.click(within(nav).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('Tab from the button enters the menu; Tab from the last link wraps to Close, Shift+Tab from Close to the last', async () => {
    const { user, nav } = await openMenu()
    const close = within(nav).getByRole('button', { name: 'Close' })
    const signOut = within(nav).getByRole('button', { name: 'Sign out' })
    await user.tab()
    expect(document.activeElement).toBe(close)
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(signOut)
    await user.tab()
    expect(document.activeElement).toBe(close)
    await user.tab()
    expect(document.activeElement?.textContent).toBe('Register Coffee Maker')
  })

  it('a click outside closes it', async () => {
    const { user } = await openMenu()
    await user.click(document.body)
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull())
  })

  it('Sign out signs out with the current path as referrer: click, Enter and Space', async () => {
    const path = { location: { pathname: '/my-account/orders', search: '', hash: '' } }
    const click = await openMenu({ context: path })
    await click.user.click(within(click.nav).getByRole('button', { name: 'Sign out' }))
    expect(click.session.calls.logout).toEqual([{ referrer: '/my-account/orders' }])
    cleanup()
    for (const key of ['{Enter}', ' ']) {
      const r = await openMenu({ context: path })
      within(r.nav).getByRole('button', { name: 'Sign out' }).focus()
      await r.user.keyboard(key)
      expect(r.session.calls.logout).toEqual([{ referrer: '/my-account/orders' }])
      cleanup()
    }
  })

  it('closes when the session ends elsewhere', async () => {
    const { session } = await openMenu()
    act(() => session.signOut())
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy()
  })

  it('has no axe violations when open', async () => {
    const { container } = await openMenu()
    await expectNoAxeViolations(container)
  })
})

describe('account slot: hover on desktop and the overlay (header spec §4)', () => {
  const scrollTo = (y: number) =>
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
      window.dispatchEvent(new Event('scroll'))
    })
  afterEach(() => scrollTo(0))

  it('a resting mouse opens the account menu without moving focus, and leaving closes it', async () => {
    const user = userEvent.setup()
    renderAuthSlots([AccountSlot], { session: createFakeAuthSession({ signedIn: true }) })
    const button = screen.getByRole('button', { name: 'Hi, Jamie' })
    await user.hover(button)
    const nav = await screen.findByRole('navigation', { name: 'Account' })
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(nav.contains(document.activeElement)).toBe(false)
    await user.unhover(button)
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull())
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })

  it('signed out, hover opens the login flyout with focus left where it was', async () => {
    const user = userEvent.setup()
    renderAuthSlots([AccountSlot])
    const button = screen.getByRole('button', { name: 'Log In' })
    await user.hover(button)
    const dialog = await screen.findByRole('dialog')
    await new Promise((r) => setTimeout(r, 50))
    expect(dialog.contains(document.activeElement)).toBe(false)
  })

  it('waits HOVER_OPEN_DELAY_MS: a mouse passing over the button opens nothing', async () => {
    renderAuthSlots([AccountSlot], { session: createFakeAuthSession({ signedIn: true }) })
    const account = screen.getByTestId('account-button').parentElement!
    fireEvent.pointerEnter(account, { pointerType: 'mouse' })
    await new Promise((r) => setTimeout(r, HOVER_OPEN_DELAY_MS / 2))
    fireEvent.pointerLeave(account, { pointerType: 'mouse' })
    await new Promise((r) => setTimeout(r, HOVER_OPEN_DELAY_MS))
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull()
  })

  it('touch and phones do not open on hover', async () => {
    renderAuthSlots([AccountSlot], { session: createFakeAuthSession({ signedIn: true }) })
    fireEvent.pointerEnter(screen.getByTestId('account-button').parentElement!, { pointerType: 'touch' })
    await new Promise((r) => setTimeout(r, HOVER_OPEN_DELAY_MS + 50))
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull()
    cleanup()
    const user = userEvent.setup()
    renderAuthSlots([AccountSlot], { session: createFakeAuthSession({ signedIn: true }), mobile: true })
    await user.hover(screen.getByTestId('account-button'))
    await new Promise((r) => setTimeout(r, HOVER_OPEN_DELAY_MS + 50))
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull()
  })

  it('a click on a hovered-open panel keeps it open after the mouse leaves; so does focus inside it', async () => {
    const user = userEvent.setup()
    renderAuthSlots([AccountSlot], { session: createFakeAuthSession({ signedIn: true }) })
    const button = screen.getByRole('button', { name: 'Hi, Jamie' })
    await user.hover(button)
    await screen.findByRole('navigation', { name: 'Account' })
    await user.click(button)
    await user.unhover(button)
    await new Promise((r) => setTimeout(r, HOVER_CLOSE_DELAY_MS + 100))
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeTruthy()
    cleanup()

    renderAuthSlots([AccountSlot])
    const logIn = screen.getByRole('button', { name: 'Log In' })
    await user.hover(logIn)
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getAllByLabelText('Email', { selector: 'input' })[0]!)
    await user.unhover(dialog)
    await new Promise((r) => setTimeout(r, HOVER_CLOSE_DELAY_MS + 100))
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('an overlay 127 px from the top lies under the open panel, at 0 once scrolled more than 5 px', async () => {
    const { button } = await openMenu()
    const overlay = screen.getByTestId('account-overlay')
    expect(OVERLAY_TOP_PX).toBe(127)
    expect(overlay.style.top).toBe('127px')
    expect(overlay.getAttribute('aria-hidden')).toBe('true')
    scrollTo(5)
    expect(overlay.style.top).toBe('127px')
    scrollTo(6)
    expect(overlay.style.top).toBe('0px')
    scrollTo(0)
    expect(overlay.style.top).toBe('127px')
    expect(button.getAttribute('aria-expanded')).toBe('true')
  })

  it('Escape closes a panel the mouse opened without pulling focus from the page into the header', async () => {
    const user = userEvent.setup()
    renderAuthSlots([AccountSlot], { session: createFakeAuthSession({ signedIn: true }) })
    const pageField = document.body.appendChild(document.createElement('input'))
    try {
      pageField.focus()
      await user.hover(screen.getByTestId('account-button'))
      await screen.findByRole('navigation', { name: 'Account' })
      await user.keyboard('{Escape}')
      await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull())
      expect(document.activeElement).toBe(pageField)
    } finally {
      pageField.remove()
    }
  })

  it('the overlay lies outside the header, in the shell root', async () => {
    await openMenu()
    const overlay = screen.getByTestId('account-overlay')
    expect(overlay.parentElement?.hasAttribute('data-brand')).toBe(true)
  })

  it('clicking the overlay closes the panel and returns focus to the menu button', async () => {
    const { user, button } = await openMenu()
    within(screen.getByRole('navigation', { name: 'Account' }))
      .getAllByRole('link')[0]!
      .focus()
    await user.click(screen.getByTestId('account-overlay'))
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull()
    expect(screen.queryByTestId('account-overlay')).toBeNull()
    expect(document.activeElement).toBe(button)
  })
})
