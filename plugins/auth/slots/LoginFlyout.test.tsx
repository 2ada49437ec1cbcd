// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LABEL_FALLBACKS } from '../../../contracts/labels'
import type { AuthResult } from '../authRefs'
import { expectNoAxeViolations } from '../test/expectNoAxeViolations'
import { createFakeAuthSession } from '../test/fakeAuthSession'
import { type RenderAuthOptions, renderAuthSlots } from '../test/renderAuthSlot'
import AccountSlot from './AccountSlot'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

async function openFlyout(options: RenderAuthOptions = {}) {
  const user = userEvent.setup()
  const rendered = renderAuthSlots([AccountSlot], options)
  const button = screen.getByRole('button', { name: 'Log In' })
  await user.click(button)
  const dialog = await screen.findByRole('dialog')
  // Floating UI moves focus in after mount; typing before that would lose keys to the move.
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
  return { ...rendered, user, button, dialog }
}

/** A promise the test settles by hand, to look at the form while the request runs. */
function held<T>() {
  let settle!: (value: T) => void
  const promise = new Promise<T>((resolve) => {
    settle = resolve
  })
  return { promise, settle }
}

/** The login tab's panel (the sign-up panel, hidden, has fields of the same names). */
const loginPanel = (dialog: HTMLElement) => within(dialog.querySelector('#logIn-panel') as HTMLElement)

const failed: AuthResult = { ok: false, code: 'invalid_credentials', message: 'no' }

describe('login flyout: dialog and tabs', () => {
  it('is a non-modal dialog labelled by its heading, controlled by the expanded Log In button', async () => {
    const { dialog, button } = await openFlyout()
    expect(dialog.getAttribute('aria-modal')).toBeNull()
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy()
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(button.getAttribute('aria-controls')).toBe(dialog.id)
    const tabs = within(dialog).getAllByRole('tab')
    expect(tabs.map((t) => [t.id, t.getAttribute('aria-selected')])).toEqual([
      ['logIn', 'true'],
      ['register', 'false'],
    ])
    await waitFor(() => expect(document.activeElement).toBe(tabs[0]))
  })

  it('arrow keys, Home and End move between the tabs and select them', async () => {
    const { user, dialog } = await openFlyout()
    const [logIn, register] = within(dialog).getAllByRole('tab')
    await waitFor(() => expect(document.activeElement).toBe(logIn))
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(register)
    expect(register?.getAttribute('aria-selected')).toBe('true')
    expect(within(dialog).getByRole('tabpanel').id).toBe('register-panel')
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(logIn)
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(register)
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(logIn)
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(register)
    expect(register?.tabIndex).toBe(0)
    expect(logIn?.tabIndex).toBe(-1)
  })

  it('Escape closes and returns focus to the Log In button', async () => {
    const { user, button, dialog } = await openFlyout()
    await user.click(loginPanel(dialog).getByLabelText('Email'))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('a click outside closes it', async () => {
    const { user } = await openFlyout()
    await user.click(document.body)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('inputs have visible labels and autocomplete', async () => {
    const { dialog } = await openFlyout()
    const login = within(dialog).getByRole('tabpanel')
    expect(within(login).getByLabelText('Email').getAttribute('autocomplete')).toBe('email')
    expect(within(login).getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password')
    const register = dialog.querySelector('#register-panel') as HTMLElement
    const field = (name: string) => within(register).getByLabelText(name, { selector: 'input' })
    expect(field('First name').getAttribute('autocomplete')).toBe('given-name')
    expect(field('Last name').getAttribute('autocomplete')).toBe('family-name')
    expect(field('Email').getAttribute('autocomplete')).toBe('email')
    expect(field('Password').getAttribute('autocomplete')).toBe('new-password')
  })

  it('has no axe violations on either tab', async () => {
    const { user, container, dialog } = await openFlyout()
    await expectNoAxeViolations(container)
    await user.click(within(dialog).getByRole('tab', { name: 'Create Account' }))
    await expectNoAxeViolations(container)
  })
})

describe('login flyout: logging in', () => {
  it('checks the email first (enter.valid.email.message), sends nothing', async () => {
    const { user, dialog, session } = await openFlyout()
    await user.type(loginPanel(dialog).getByLabelText('Email'), 'user@example')
    await user.type(loginPanel(dialog).getByLabelText('Password'), 'secret')
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }))
    const email = loginPanel(dialog).getByLabelText('Email')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(within(dialog).getByText('Please enter a valid email address.').id).toBe(
      email.getAttribute('aria-describedby'),
    )
    expect(document.activeElement).toBe(email)
    expect(session.calls.login).toEqual([])
  })

  it('shows the loader while the request runs, then closes and focuses the greeting', async () => {
    const session = createFakeAuthSession()
    const answer = held<AuthResult>()
    session.answers.login = () => answer.promise
    const { user, dialog, button } = await openFlyout({ session })
    await user.type(loginPanel(dialog).getByLabelText('Email'), ' Jamie@Example.com ')
    await user.type(loginPanel(dialog).getByLabelText('Password'), 'secret')
    await user.click(within(dialog).getByLabelText('Keep me signed in'))
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }))
    const form = within(dialog).getByRole('button', { name: 'Log In' }).closest('form')
    expect(form?.getAttribute('aria-busy')).toBe('true')
    expect(within(dialog).getByRole('status').textContent).toBe('Please wait…')
    expect(session.calls.login).toEqual([
      { email: 'Jamie@Example.com', password: 'secret', rememberMe: true },
    ])
    await act(async () => answer.settle({ ok: true }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(button.textContent).toBe('Hi, Jamie')
    expect(document.activeElement).toBe(button)
  })

  it('a failed login shows login.error.text as an alert and keeps the flyout open', async () => {
    const session = createFakeAuthSession()
    session.answers.login = failed
    const { user, dialog } = await openFlyout({ session })
    await user.type(loginPanel(dialog).getByLabelText('Email'), 'a@b.co')
    await user.type(loginPanel(dialog).getByLabelText('Password'), 'wrong')
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'We could not log you in. Check your email and password.',
    )
    expect(loginPanel(dialog).getByLabelText('Password')).toHaveProperty('value', '')
    expect(within(dialog).queryByText('Please wait…')).toBeNull()
  })

  it('"Log in with Brewco ID" redirects through the session with the tab’s screen', async () => {
    const { user, dialog, session } = await openFlyout()
    await user.click(within(dialog).getByRole('button', { name: 'Log in with Brewco ID' }))
    await user.click(within(dialog).getByRole('tab', { name: 'Create Account' }))
    await user.click(within(dialog).getByRole('button', { name: 'Log in with Brewco ID' }))
    expect(session.calls.loginWithRedirect).toEqual([{ screen: 'login' }, { screen: 'signup' }])
  })
})

describe('login flyout: forgot password', () => {
  it('switches to the forgot form, sends the email, confirms, and goes back', async () => {
    const { user, dialog, session } = await openFlyout()
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }))
    expect(within(dialog).getByRole('heading', { name: 'Reset your password' })).toBeTruthy()
    const email = within(dialog).getByLabelText('Email')
    expect(document.activeElement).toBe(email)
    await user.type(email, 'bad')
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }))
    expect(within(dialog).getByText('Please enter a valid email address.')).toBeTruthy()
    await user.clear(email)
    await user.type(email, 'jamie@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }))
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'If an account exists for that email, we have sent a link to reset the password.',
    )
    expect(session.calls.forgotPassword).toEqual(['jamie@example.com'])
    const back = within(dialog).getByRole('button', { name: 'Back to log in' })
    expect(document.activeElement).toBe(back)
    await user.click(back)
    expect(within(dialog).getAllByRole('tab')).toHaveLength(2)
    await waitFor(() => expect(document.activeElement?.id).toBe('logIn'))
  })

  it('a request that got no answer says so and keeps the form', async () => {
    const session = createFakeAuthSession()
    session.answers.forgotPassword = { ok: false, code: 'network', message: 'offline' }
    const { user, dialog } = await openFlyout({ session })
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }))
    await user.type(within(dialog).getByLabelText('Email'), 'jamie@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(LABEL_FALLBACKS['login.forgot.error'])
    expect(within(dialog).getByLabelText('Email')).toBeTruthy()
  })
})

describe('login flyout: registering', () => {
  async function registerTab(options: RenderAuthOptions = {}) {
    const r = await openFlyout(options)
    await r.user.click(within(r.dialog).getByRole('tab', { name: 'Create Account' }))
    const panel = r.dialog.querySelector('#register-panel') as HTMLElement
    const field = (name: string) => within(panel).getByLabelText(name, { selector: 'input' })
    const submit = () => r.user.click(within(panel).getByRole('button', { name: 'Create Account' }))
    return { ...r, panel, field, submit }
  }

  it('validates first name, email and the password rule before sending', async () => {
    const { user, field, submit, session, panel } = await registerTab()
    await submit()
    expect(field('First name').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(field('First name'))
    await user.type(field('First name'), 'Ana')
    await user.type(field('Email'), 'ana@example.com')
    await user.type(field('Password'), 'short1')
    await submit()
    const password = field('Password')
    expect(password.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(password)
    const hint = within(panel).getByText('At least 8 characters, with a letter and a number.')
    expect(password.getAttribute('aria-describedby')).toContain(hint.id)
    expect(field('Email').getAttribute('aria-invalid')).toBeNull()
    expect(session.calls.signup).toEqual([])
  })

  it('a failed sign-up shows signup.error.text', async () => {
    const session = createFakeAuthSession()
    session.answers.signup = { ok: false, code: 'email_taken', message: 'taken' }
    const { user, field, submit, dialog } = await registerTab({ session })
    await user.type(field('First name'), 'Ana')
    await user.type(field('Email'), 'ana@example.com')
    await user.type(field('Password'), 'longenough1')
    await submit()
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'We could not create your account. Please try again.',
    )
    // Back on the login tab the sign-up error does not follow.
    await user.click(within(dialog).getByRole('tab', { name: 'Log In' }))
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })

  it('success shows the welcome in the flyout and closes it after the configured delay', async () => {
    const session = createFakeAuthSession()
    const answer = held<AuthResult>()
    session.answers.signup = () => answer.promise
    const { user, field, submit, dialog, button } = await registerTab({
      session,
      siteConfig: { loginFlyoutDelayMs: 3000 },
    })
    await user.type(field('First name'), 'Ana')
    await user.type(field('Last name'), 'Lee')
    await user.type(field('Email'), 'ana@example.com')
    await user.type(field('Password'), 'longenough1')
    await submit()
    expect(within(dialog).getByText('Please wait…')).toBeTruthy()
    expect(session.calls.signup).toEqual([
      { firstName: 'Ana', lastName: 'Lee', email: 'ana@example.com', password: 'longenough1' },
    ])
    vi.useFakeTimers()
    await act(async () => answer.settle({ ok: true }))
    const welcome = screen.getByRole('dialog')
    expect(within(welcome).getByRole('status').textContent).toBe('Welcome to Brewco! Your account is ready.')
    expect(button.textContent).toBe('Hi, Ana')
    expect(document.activeElement).toBe(welcome)
    act(() => vi.advanceTimersByTime(2999))
    expect(screen.queryByRole('dialog')).toBeTruthy()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(button)
  })
})

describe('login flyout: query flags', () => {
  it('?openLoginPopup opens it on load, focuses its container and shows login.flyout.ad.error', async () => {
    renderAuthSlots([AccountSlot], {
      context: { location: { pathname: '/', search: '?openLoginPopup=true', hash: '' } },
    })
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(document.activeElement).toBe(dialog))
    expect(within(dialog).getByRole('status').textContent).toBe('Please log in to manage your auto-delivery.')
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })

  it('?openLoginPopup: an error replaces the information banner (header spec §8)', async () => {
    const user = userEvent.setup()
    const session = createFakeAuthSession()
    session.answers.login = failed
    renderAuthSlots([AccountSlot], {
      session,
      context: { location: { pathname: '/', search: '?openLoginPopup', hash: '' } },
    })
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(document.activeElement).toBe(dialog))
    await user.type(loginPanel(dialog).getByLabelText('Email'), 'a@b.co')
    await user.type(loginPanel(dialog).getByLabelText('Password'), 'x')
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('We could not log you in')
    expect(within(dialog).queryByText('Please log in to manage your auto-delivery.')).toBeNull()
  })

  it('?openLoginPopup is ignored for a signed-in shopper', () => {
    renderAuthSlots([AccountSlot], {
      session: createFakeAuthSession({ signedIn: true }),
      context: { location: { pathname: '/', search: '?openLoginPopup=true', hash: '' } },
    })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('?openpopup opens the registration welcome, which closes after the default 5000 ms', async () => {
    vi.useFakeTimers()
    renderAuthSlots([AccountSlot], {
      session: createFakeAuthSession({ signedIn: true }),
      context: { location: { pathname: '/', search: '?openpopup=true', hash: '' } },
    })
    await act(async () => {
      await vi.dynamicImportSettled()
    })
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByRole('status').textContent).toBe('Welcome to Brewco! Your account is ready.')
    act(() => vi.advanceTimersByTime(4999))
    expect(screen.queryByRole('dialog')).toBeTruthy()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('the loyalty programme’s picture in the login flyout (loyalty.login.hover.image.url.horizontal)', () => {
  const programme = { loyaltyProgramEnabled: true, loyaltyGlobalToggle: true }
  it('shows the configured picture, named, while the programme runs', async () => {
    const { dialog } = await openFlyout({
      siteConfig: { ...programme, loyaltyLoginHoverImageUrl: '/medias/loyalty-login-hover.svg' },
    })
    const image = within(dialog).getByRole('img', { name: 'Brewco Perks: earn rewards on every order' })
    expect(image.getAttribute('src')).toBe('/medias/loyalty-login-hover.svg')
  })

  it('in the page’s language: `{lang}` in the address names the French picture on a French page', async () => {
    for (const lang of ['en', 'fr'] as const) {
      const { dialog } = await openFlyout({
        context: { lang },
        siteConfig: { ...programme, loyaltyLoginHoverImageUrl: '/medias/loyalty-login-hover-{lang}.svg' },
      })
      expect(within(dialog).getByRole('img').getAttribute('src')).toBe(
        `/medias/loyalty-login-hover-${lang}.svg`,
      )
      cleanup()
    }
  })

  it('none with the programme off (either switch), without a URL, or from a hostile address', async () => {
    for (const siteConfig of [
      { loyaltyProgramEnabled: false, loyaltyGlobalToggle: true, loyaltyLoginHoverImageUrl: '/medias/a.svg' },
      { loyaltyProgramEnabled: true, loyaltyGlobalToggle: false, loyaltyLoginHoverImageUrl: '/medias/a.svg' },
      { ...programme, loyaltyLoginHoverImageUrl: '' },
      { ...programme, loyaltyLoginHoverImageUrl: 'javascript:alert(1)' },
      { ...programme, loyaltyLoginHoverImageUrl: '//evil.example/a.svg' },
    ]) {
      const { dialog } = await openFlyout({ siteConfig })
      expect(within(dialog).queryByRole('img', { name: /Perks/ })).toBeNull()
      cleanup()
    }
  })
})
