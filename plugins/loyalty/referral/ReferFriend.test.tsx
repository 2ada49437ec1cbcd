// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import { labelsFrom } from '../../../contracts/labels'
import { labelEntries } from '../../../contracts/labelTexts'
import { SUBMIT_REFERRAL_PATH } from '../../../contracts/loyalty'
import { shopperAccountRef } from '../../../contracts/serviceRefs'
import type { KernelHttpClient } from '../../../kernel/http/createHttpClient'
import type { HttpResult } from '../../../kernel/http/httpError'
import type { SlotName } from '../../../kernel/plugin/slots'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import { Slot } from '../../../kernel/react/Slot'
import { bindService } from '../../../kernel/services/serviceBinding'
import { createTestKernel } from '../../../test/createTestKernel'
import loyaltyPlugin from '../index'
import { customer, failed, fakeAccount, fakeHttp, ok, SIGNED_IN } from '../test/fakes'

afterEach(cleanup)

const MEMBER = customer({ perksOptIn: true })

function renderPanel(
  opts: {
    slot?: SlotName
    data?: ReturnType<typeof customer>
    signedIn?: boolean
    lang?: 'en' | 'fr'
    options?: unknown
    referral?: () => HttpResult<unknown>
  } = {},
) {
  let release = () => {}
  const gate = new Promise<void>((r) => {
    release = r
  })
  const { http, calls } = fakeHttp(
    (req) =>
      req.path === SUBMIT_REFERRAL_PATH
        ? (opts.referral ?? (() => ok({ status: 'referred' })))()
        : ok({ success: { data: { pointsBalance: 1, activeRewards: 1 } } }),
    gate,
  )
  const account = fakeAccount(
    opts.signedIn === false ? { status: 'anonymous' } : SIGNED_IN,
    opts.data ?? MEMBER,
  )
  const { kernel } = createTestKernel([{ manifest: loyaltyPlugin, options: opts.options }], {
    siteConfig: { loyaltyProgramEnabled: true, loyaltyGlobalToggle: true },
    context: { lang: opts.lang ?? 'en', labels: labelsFrom(labelEntries('usb2c', opts.lang ?? 'en')) },
    services: [bindService(shopperAccountRef, account.account)],
    http: {
      ...http,
      installTokenPort: () => () => {},
      addHeaderProvider: () => () => {},
    } as KernelHttpClient,
  })
  const { container } = render(
    <KernelProvider kernel={kernel}>
      <Slot name={opts.slot ?? 'header.account.loyalty'} />
    </KernelProvider>,
  )
  const referrals = () => calls.filter((c) => c.path === SUBMIT_REFERRAL_PATH)
  return { referrals, release, container }
}

/** Opens "Refer a friend" by keyboard-style activation and returns its fields. */
async function openForm(name = 'Refer a friend') {
  const toggle = await screen.findByRole('button', { name })
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(screen.queryByRole('form')).toBeNull()
  fireEvent.click(toggle)
  expect(toggle.getAttribute('aria-expanded')).toBe('true')
  const form = screen.getByRole('form', { name })
  expect(toggle.getAttribute('aria-controls')).toBe(form.id)
  return toggle
}

const emailField = () => screen.getByLabelText('Your friend’s email') as HTMLInputElement
const nameField = () => screen.getByLabelText('Your friend’s first name (optional)') as HTMLInputElement

describe('"Refer a friend" in the member panel (header spec §7 submitReferral)', () => {
  it('only for a member: not for a customer to opt in, an excluded customer or a visitor', async () => {
    renderPanel()
    expect(await screen.findByRole('button', { name: 'Refer a friend' })).toBeTruthy()
    cleanup()
    for (const opts of [
      { data: customer() },
      {
        data: customer({ perksOptIn: true, isLoyaltyExcludedCustomer: true }),
        options: { excludedInfo: true },
      },
      { signedIn: false, slot: 'header.mobileMenu.loyalty' as const },
    ]) {
      renderPanel(opts)
      await screen.findByRole('region')
      expect(screen.queryByRole('button', { name: 'Refer a friend' })).toBeNull()
      cleanup()
    }
  })

  it('the e-mail message only while the field has focus; nothing sent for a wrong e-mail', async () => {
    const t = renderPanel()
    await openForm()
    const email = emailField()
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
    // Empty and submitted: the focus goes to the field, which says what it needs.
    expect(document.activeElement).toBe(email)
    fireEvent.focus(email)
    const message = screen.getByRole('alert')
    expect(message.textContent).toBe('Please enter a valid email address.')
    expect(email.getAttribute('aria-describedby')).toBe(message.id)
    expect(email.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(email, { target: { value: 'sam@example' } })
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.')
    fireEvent.blur(email)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(email.getAttribute('aria-describedby')).toBeNull()
    fireEvent.focus(email)
    fireEvent.change(email, { target: { value: 'sam@example.com' } })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(t.referrals()).toEqual([])
  })

  it('one call while sending, the button disabled; "Invitation sent" and an empty form after', async () => {
    const t = renderPanel()
    await openForm()
    fireEvent.change(emailField(), { target: { value: 'sam@example.com' } })
    fireEvent.change(nameField(), { target: { value: 'Sam' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
    const sending = screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement
    expect(sending.disabled).toBe(true)
    fireEvent.click(sending)
    fireEvent.submit(sending.closest('form') as HTMLFormElement)
    await act(async () => t.release())
    expect(t.referrals().map((c) => [c.method, c.body, c.bearer])).toEqual([
      ['POST', { email: 'sam@example.com', firstName: 'Sam' }, true],
    ])
    expect((await screen.findByRole('status')).textContent).toBe(
      'Invitation sent. Thanks for sharing Brewco Perks!',
    )
    expect(emailField().value).toBe('')
    expect(nameField().value).toBe('')
    expect((screen.getByRole('button', { name: 'Send invitation' }) as HTMLButtonElement).disabled).toBe(
      false,
    )
  })

  it('a friend invited before gets the friendly "already invited" answer, in French too', async () => {
    const t = renderPanel({ lang: 'fr', referral: () => ok({ status: 'alreadyReferred' }) })
    t.release()
    await openForm('Parrainer un ami')
    fireEvent.change(screen.getByLabelText('Courriel de votre ami'), { target: { value: 'sam@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer l’invitation' }))
    expect((await screen.findByRole('status')).textContent).toBe(
      'Vous avez déjà invité cette personne. Merci de faire connaître Brewco Avantages!',
    )
    expect(t.referrals()[0]?.body).toEqual({ email: 'sam@example.com' })
  })

  it.each([
    [400, 'Check your friend’s email: it must be a valid address other than your own.', true],
    [403, 'Referrals aren’t available for this account.', false],
    [503, 'We could not send your invitation just now. Please try again.', false],
  ] as const)('a %s keeps what was typed and says what went wrong', async (status, text, aboutEmail) => {
    const t = renderPanel({ referral: () => failed(status) })
    t.release()
    await openForm()
    fireEvent.change(emailField(), { target: { value: 'riley@example.com' } })
    fireEvent.change(nameField(), { target: { value: 'Riley' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(text)
    expect(emailField().value).toBe('riley@example.com')
    expect(nameField().value).toBe('Riley')
    expect(emailField().getAttribute('aria-describedby')).toBe(aboutEmail ? alert.id : null)
    expect((screen.getByRole('button', { name: 'Send invitation' }) as HTMLButtonElement).disabled).toBe(
      false,
    )
    expect(t.referrals()).toHaveLength(1)
  })

  it('the open form has no axe violations (jsdom: contrast is left to the browser tests)', async () => {
    const t = renderPanel({ referral: () => failed(400) })
    t.release()
    await openForm()
    fireEvent.change(emailField(), { target: { value: 'riley@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
    await screen.findByRole('alert')
    const results = await axe.run(t.container, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
  })
})
