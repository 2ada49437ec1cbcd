// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../test/expectNoAxeViolations'
import { createFakeAuthSession } from '../test/fakeAuthSession'
import { renderAuthSlots } from '../test/renderAuthSlot'
import AccountSlot from './AccountSlot'
import SessionExpiryDialog from './SessionExpiryDialog'

afterEach(cleanup)

async function withWarning(pathname = '/my-account') {
  const user = userEvent.setup()
  const session = createFakeAuthSession({ signedIn: true })
  const rendered = renderAuthSlots([AccountSlot, SessionExpiryDialog], {
    session,
    context: { location: { pathname, search: '', hash: '' } },
  })
  const before = screen.getByRole('button', { name: 'Hi, Jamie' })
  before.focus()
  act(() => session.setExpiryWarning({ show: true, expiresAt: 1_000 }))
  const dialog = await screen.findByRole('alertdialog')
  const stay = within(dialog).getByRole('button', { name: 'Stay logged in' })
  await waitFor(() => expect(document.activeElement).toBe(stay))
  return { ...rendered, user, session, dialog, stay, before }
}

describe('session-expiry dialog', () => {
  it('nothing shows until the session warns', () => {
    renderAuthSlots([SessionExpiryDialog], { session: createFakeAuthSession({ signedIn: true }) })
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('a modal alert dialog labelled by its heading and described by its text; focus starts on Stay logged in', async () => {
    const { dialog } = await withWarning()
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const heading = within(dialog).getByRole('heading', { name: 'Your session is about to expire' })
    expect(dialog.getAttribute('aria-labelledby')).toBe(heading.id)
    const description = within(dialog).getByText('For your security you will be logged out soon.')
    // Described by its text, then the time left (the countdown below).
    expect(dialog.getAttribute('aria-describedby')?.split(' ')[0]).toBe(description.id)
    expect(document.body.style.overflow).toBe('hidden')
  })

  it('"Stay logged in" calls the session; the dialog goes when the warning does, focus comes back', async () => {
    const { user, session, stay, before } = await withWarning()
    await user.click(stay)
    expect(session.calls.staySignedIn).toBe(1)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(before))
  })

  it('"Log out" signs out with the current path as referrer', async () => {
    const { user, session, dialog } = await withWarning('/my-account/orders')
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }))
    expect(session.calls.logout).toEqual([{ referrer: '/my-account/orders' }])
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('Close and Escape hide it until the next warning', async () => {
    const { user, session, dialog } = await withWarning()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    // The same warning again does not bring it back; a new one does.
    act(() => session.setExpiryWarning({ show: true, expiresAt: 1_000 }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    act(() => session.setExpiryWarning({ show: true, expiresAt: 2_000 }))
    await screen.findByRole('alertdialog')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    act(() => session.setExpiryWarning({ show: false }))
    act(() => session.setExpiryWarning({ show: true, expiresAt: 2_000 }))
    expect(await screen.findByRole('alertdialog')).toBeTruthy()
    expect(session.calls.staySignedIn).toBe(0)
    expect(session.calls.logout).toEqual([])
  })

  it('disappears when the session says show:false (e.g. the session cookie went away)', async () => {
    const { session } = await withWarning()
    act(() => session.setExpiryWarning({ show: false }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(document.body.style.overflow).toBe('')
  })

  it('traps focus among its buttons: Stay, Log out, Close, then Stay again', async () => {
    const { user, dialog } = await withWarning()
    const names: (string | null)[] = []
    for (let i = 0; i < 3; i++) {
      await user.tab()
      // Floating UI's focus guards send focus back in on the next tick.
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
      names.push(
        document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null,
      )
    }
    expect(names).toEqual(['Log out', 'Close', 'Stay logged in'])
  })

  it('has no axe violations', async () => {
    await withWarning()
    await expectNoAxeViolations()
  })
})

describe('session-expiry countdown', () => {
  afterEach(() => vi.useRealTimers())

  it('shows the time left as m:ss, ticking each second; says the minutes politely only as each minute ends', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date', 'setInterval', 'clearInterval'] })
    const session = createFakeAuthSession({ signedIn: true })
    renderAuthSlots([SessionExpiryDialog], { session })
    act(() => session.setExpiryWarning({ show: true, expiresAt: 1_000_000 + 4 * 60_000 }))
    const dialog = await screen.findByRole('alertdialog')
    const timer = within(dialog).getByRole('timer')
    expect(timer.textContent).toBe('Time left: 4:00')
    // The timer is part of what the dialog is described by, so opening it reads the time.
    expect(dialog.getAttribute('aria-describedby')?.split(' ')).toContain(timer.id)
    const polite = dialog.querySelector('[aria-live="polite"]')!
    expect(polite.textContent).toBe('4 minutes left in your session')
    const spoken: string[] = []
    new MutationObserver(() => spoken.push(polite.textContent ?? '')).observe(polite, {
      subtree: true,
      childList: true,
      characterData: true,
    })
    const tick = async (seconds: number) => {
      for (let i = 0; i < seconds; i++) {
        act(() => vi.advanceTimersByTime(1000))
        await Promise.resolve() // the observer hears each second's change
      }
    }
    await tick(1)
    expect(timer.textContent).toBe('Time left: 3:59')
    await tick(59)
    expect(timer.textContent).toBe('Time left: 3:00')
    await tick(120)
    expect(timer.textContent).toBe('Time left: 1:00')
    await tick(1)
    expect(timer.textContent).toBe('Time left: 0:59')
    // Over three minutes of ticking: three announcements, one per minute ended.
    expect(spoken).toEqual([
      '3 minutes left in your session',
      '2 minutes left in your session',
      '1 minute left in your session',
    ])
  })

  it('a session shorter than the warning lead: the dialog says so', async () => {
    const session = createFakeAuthSession({ signedIn: true })
    renderAuthSlots([SessionExpiryDialog], { session })
    act(() =>
      session.setExpiryWarning({ show: true, expiresAt: Date.now() + 90_000, shortSessionMs: 180_000 }),
    )
    const dialog = await screen.findByRole('alertdialog')
    expect(
      within(dialog).getByText('Sessions here last only 3:00, so this reminder comes halfway through.'),
    ).toBeTruthy()
  })
})
