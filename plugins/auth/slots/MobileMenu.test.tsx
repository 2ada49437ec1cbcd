// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { labelsFrom } from '../../../contracts/labels'
import { labelEntries } from '../../../contracts/labelTexts'
import { definePlugin } from '../../../kernel/plugin/definePlugin'
import { eagerSlot } from '../../../kernel/plugin/slots'
import { expectNoAxeViolations } from '../test/expectNoAxeViolations'
import { createFakeAuthSession } from '../test/fakeAuthSession'
import { type RenderAuthOptions, renderAuthSlots } from '../test/renderAuthSlot'
import AccountSlot from './AccountSlot'
import MobileMenu from './MobileMenu'

afterEach(cleanup)

/** A plugin filling the dialog's nested categories place, as the navigation plugin does. */
const categories = definePlugin({
  id: 'categories',
  slots: {
    'header.mobileMenu.categories': eagerSlot(() => (
      <ul>
        <li>
          <a href="/c/coffee">Coffee</a>
        </li>
      </ul>
    )),
  },
})

async function openMobileMenu(options: RenderAuthOptions = {}) {
  const user = userEvent.setup()
  const rendered = renderAuthSlots([MobileMenu, AccountSlot], { mobile: true, ...options })
  const hamburger = screen.getByRole('button', { name: /Open menu|Ouvrir le menu/ })
  await user.click(hamburger)
  const dialog = await screen.findByRole('dialog')
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
  return { ...rendered, user, hamburger, dialog }
}

describe('mobile menu', () => {
  it('above 991 px opens nothing: the button is drawn at every width (the page server cannot know it) and the shell hides its area', async () => {
    renderAuthSlots([MobileMenu], { mobile: false })
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('hamburger opens a modal dialog with the greeting and the account links; the body does not scroll', async () => {
    const { hamburger, dialog } = await openMobileMenu({ session: createFakeAuthSession({ signedIn: true }) })
    expect(hamburger.getAttribute('aria-expanded')).toBe('true')
    expect(hamburger.getAttribute('aria-controls')).toBe(dialog.id)
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(within(dialog).getByRole('heading', { name: 'Hi, Jamie' })).toBeTruthy()
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Register Coffee Maker', 'My Account', 'My Orders', 'Quick-Reorder', 'Contact Us', 'Support'])
    expect(within(dialog).getByRole('button', { name: 'Sign out' })).toBeTruthy()
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close menu' }))
    expect(document.body.style.overflow).toBe('hidden')
  })

  it('French: greeting and labels in French', async () => {
    const { dialog } = await openMobileMenu({
      session: createFakeAuthSession({ signedIn: true }),
      context: { lang: 'fr', brand: 'cab2c', labels: labelsFrom(labelEntries('cab2c', 'fr')) },
    })
    expect(within(dialog).getByRole('heading', { name: 'Bienvenue, Jamie' })).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Fermer le menu' })).toBeTruthy()
  })

  it('Escape closes it, unlocks the page and returns focus to the hamburger', async () => {
    const { user, hamburger } = await openMobileMenu()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(hamburger))
    expect(document.body.style.overflow).toBe('')
    expect(hamburger.getAttribute('aria-expanded')).toBe('false')
  })

  it('the close button closes it and focus returns to the hamburger', async () => {
    const { user, hamburger, dialog } = await openMobileMenu()
    await user.click(within(dialog).getByRole('button', { name: 'Close menu' }))
    await waitFor(() => expect(document.activeElement).toBe(hamburger))
  })

  it('traps focus inside while open: Tab from the last link wraps to the close button', async () => {
    const { user, dialog } = await openMobileMenu({ session: createFakeAuthSession({ signedIn: true }) })
    const close = within(dialog).getByRole('button', { name: 'Close menu' })
    const visited: (string | null | undefined)[] = []
    for (let i = 0; i < 8; i++) {
      await user.tab()
      // Floating UI's focus guards send focus back in on the next tick.
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
      visited.push(document.activeElement?.textContent)
    }
    expect(visited.at(-1)).toBe(close.textContent)
    await user.tab({ shift: true })
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Sign out'))
  })

  it('signed out: Log In and Create Account open the login flyout on the matching tab', async () => {
    const { user, dialog } = await openMobileMenu()
    expect(within(dialog).queryByRole('link', { name: 'Sign In' })).toBeNull()
    expect(within(dialog).getByRole('link', { name: 'Track My Orders' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }))
    const flyout = await screen.findByRole('dialog')
    expect(flyout.getAttribute('aria-modal')).toBeNull()
    expect(within(flyout).getByRole('tab', { name: 'Create Account' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    await waitFor(() => expect(document.activeElement?.id).toBe('register'))
    expect(document.body.style.overflow).toBe('')
  })

  it('Sign out in the mobile menu signs out with the referrer', async () => {
    const { user, dialog, session } = await openMobileMenu({
      session: createFakeAuthSession({ signedIn: true }),
      context: { location: { pathname: '/cart', search: '', hash: '' } },
    })
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }))
    expect(session.calls.logout).toEqual([{ referrer: '/cart' }])
  })

  it('has no axe violations when open, signed in or out', async () => {
    await openMobileMenu({ session: createFakeAuthSession({ signedIn: true }) })
    await expectNoAxeViolations()
    cleanup()
    await openMobileMenu()
    await expectNoAxeViolations()
  })

  it('lists the categories another plugin puts in its nested slot first, then the account part', async () => {
    const { dialog } = await openMobileMenu({ plugins: [categories] })
    expect(within(dialog).getAllByRole('link')[0]?.textContent).toBe('Coffee')
    const order = [...dialog.querySelectorAll('a, button')].map((el) => el.textContent)
    // The close button is drawn at the top right but comes last: whoever walks the menu's buttons
    // meets the categories first (the standard pictures' phone-menu step does).
    expect(order.slice(0, 3)).toEqual(['Coffee', 'Log In', 'Create Account'])
    expect(order.slice(-2)).toEqual(['Support', '×'])
    cleanup()
    const signedIn = await openMobileMenu({
      plugins: [categories],
      session: createFakeAuthSession({ signedIn: true }),
    })
    expect(
      within(signedIn.dialog)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Coffee',
      'Register Coffee Maker',
      'My Account',
      'My Orders',
      'Quick-Reorder',
      'Contact Us',
      'Support',
    ])
  })

  it('on the brewer-registration page (a header without navigation) the menu has no categories', async () => {
    const { dialog } = await openMobileMenu({
      plugins: [categories],
      context: { location: { pathname: '/brewer-registration', search: '', hash: '' } },
    })
    expect(within(dialog).queryByRole('link', { name: 'Coffee' })).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Log In' })).toBeTruthy()
  })
})
