// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LABEL_FALLBACKS, type Labels, labelsFrom } from '../../../contracts/labels'
import {
  type LinkClickHandler,
  type LinkHandlers,
  linkHandlersRef,
  shopperAccountRef,
} from '../../../contracts/serviceRefs'
import { DEFAULT_SITE_CONFIG } from '../../../contracts/siteConfig'
import type { KernelHttpClient } from '../../../kernel/http/createHttpClient'
import type { HttpResult } from '../../../kernel/http/httpError'
import type { SlotName } from '../../../kernel/plugin/slots'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import { Slot } from '../../../kernel/react/Slot'
import { bindService } from '../../../kernel/services/serviceBinding'
import { createTestKernel } from '../../../test/createTestKernel'
import loyaltyPlugin from '../index'
import { customer, fakeAccount, fakeHttp, ok, SIGNED_IN } from '../test/fakes'

afterEach(cleanup)

const LOYALTY_ON = { loyaltyProgramEnabled: true, loyaltyGlobalToggle: true }

function renderSlot(
  name: SlotName,
  opts: {
    options?: unknown
    data?: ReturnType<typeof customer>
    signedIn?: boolean
    lang?: 'en' | 'fr'
    /** What the opt-in call answers; a success by default. */
    optIn?: HttpResult<unknown>
    /** The CMS message map (header spec §3 labels); the built-in texts by default. */
    labels?: Labels
    /** Reward data's `success.data`; one point and one reward by default. */
    rewards?: Record<string, unknown>
    /** The account menus' link handlers (auth's registry), which the plugin adds `openJoinModal` to. */
    handlers?: LinkHandlers
  } = {},
) {
  let release = () => {}
  const gate = new Promise<void>((r) => {
    release = r
  })
  const { http, calls } = fakeHttp(
    (req) =>
      req.path.endsWith('updatePerksOptIn')
        ? (opts.optIn ??
          ok({ perksOptIn: true, perksOptInSuccess: true, loyaltyProgramOptIn: true, alreadyOptedIn: false }))
        : req.path.endsWith('loyaltyProgramSignup')
          ? ok({ loyaltyProgramOptIn: true, alreadyMember: false })
          : req.path === 'kpcEmailSignup'
            ? ok({ status: 'subscribed' })
            : ok({ success: { data: opts.rewards ?? { pointsBalance: 1, activeRewards: 1 } } }),
    gate,
  )
  const account = fakeAccount(
    opts.signedIn === false ? { status: 'anonymous' } : SIGNED_IN,
    opts.data ?? customer(),
  )
  const { kernel, faults, pushed } = createTestKernel([{ manifest: loyaltyPlugin, options: opts.options }], {
    siteConfig: LOYALTY_ON,
    context: { lang: opts.lang ?? 'en', ...(opts.labels ? { labels: opts.labels } : {}) },
    services: [
      bindService(shopperAccountRef, account.account),
      ...(opts.handlers ? [bindService(linkHandlersRef, opts.handlers)] : []),
    ],
    http: {
      ...http,
      installTokenPort: () => () => {},
      addHeaderProvider: () => () => {},
    } as KernelHttpClient,
  })
  render(
    <KernelProvider kernel={kernel}>
      <Slot name={name} />
    </KernelProvider>,
  )
  return { calls, release, faults, pushed }
}

describe('the opt-in form in the account menu (header spec §4, §5)', () => {
  it('"Required" until the box is ticked; then one call, the button disabled while it is out', async () => {
    const t = renderSlot('header.account.loyalty')
    const join = await screen.findByRole('button', { name: 'Join now' })
    fireEvent.click(join)
    expect(screen.getByRole('alert').textContent).toBe('Required')
    const box = screen.getByRole('checkbox')
    expect(document.activeElement).toBe(box)
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(t.calls).toEqual([])
    fireEvent.click(box)
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.click(join)
    const sending = screen.getByRole('button', { name: 'Joining…' }) as HTMLButtonElement
    expect(sending.disabled).toBe(true)
    fireEvent.click(sending)
    fireEvent.submit(sending.closest('form') as HTMLFormElement)
    await act(async () => t.release())
    expect(t.calls.filter((c) => c.method === 'PUT')).toHaveLength(1)
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Welcome to Brewco Perks! Your cashback starts with your next order.',
    )
    // The member's counts: the singular labels for exactly 1.
    expect((await screen.findByText('1 point')).tagName).toBe('LI')
    expect(screen.getByText('1 reward').tagName).toBe('LI')
  })

  it('a refusal (403, wrapped with its status) says why the account cannot join; any other failure says try again', async () => {
    const refusal = (status: number): HttpResult<unknown> => ({
      ok: false,
      error: {
        class: status >= 500 ? '5xx' : '4xx',
        status,
        // The HTTP client's wrapped error (header spec §8), as the opt-in call asks for it.
        payload: { status, body: '{"errors":[{"type":"ForbiddenError"}]}' },
        message: `PUT updatePerksOptIn answered ${status}`,
        method: 'PUT',
        path: 'users/current/updatePerksOptIn',
        correlationId: 'c',
      },
    })
    for (const [status, text] of [
      [403, LABEL_FALLBACKS['loyalty.excluded.info']],
      [503, LABEL_FALLBACKS['loyalty.optin.error']],
    ] as const) {
      const t = renderSlot('header.account.loyalty', { optIn: refusal(status) })
      fireEvent.click(screen.getByRole('checkbox'))
      fireEvent.click(await screen.findByRole('button', { name: 'Join now' }))
      await act(async () => t.release())
      expect(t.calls.find((c) => c.method === 'PUT')).toMatchObject({ wrapError: true })
      expect((await screen.findByRole('alert')).textContent).toBe(text)
      cleanup()
    }
  })

  it("a super-welcome member (reward data's isSuperWelcomeUser) reads the offer where the brand shows it (cab2c)", async () => {
    const swu = { pointsBalance: 40, activeRewards: 0, isSuperWelcomeUser: true }
    const member = customer({ perksOptIn: true })
    const t = renderSlot('header.account.loyalty', {
      options: { superWelcome: true },
      data: member,
      rewards: swu,
    })
    await act(async () => t.release())
    expect((await screen.findByText(LABEL_FALLBACKS['loyalty.super.welcome'])).tagName).toBe('P')
    cleanup()
    // Not a super-welcome member, or a brand without the option: no offer.
    for (const [options, rewards] of [
      [{ superWelcome: true }, { ...swu, isSuperWelcomeUser: false }],
      [{}, swu],
    ] as const) {
      const other = renderSlot('header.account.loyalty', { options, data: member, rewards })
      await act(async () => other.release())
      await screen.findByText('40 points')
      expect(screen.queryByText(LABEL_FALLBACKS['loyalty.super.welcome'])).toBeNull()
      cleanup()
    }
  })

  it('not in the account menu when the brand leaves it out of its places', () => {
    renderSlot('header.account.loyalty', { options: { places: ['header'] } })
    expect(screen.queryByRole('region')).toBeNull()
  })
})

describe('the footer newsletter (header spec §4, §5)', () => {
  it('the configured title, description, placeholder, button label and colour reach the form (header spec §3 newsletter config)', async () => {
    const labels = labelsFrom([
      { key: 'newsletter.title', value: 'Brew news, first' },
      { key: 'newsletter.description', value: 'New roasts and offers, twice a month.' },
      { key: 'newsletter.placeholder', value: 'you@example.com' },
      { key: 'newsletter.submit', value: 'Count me in' },
    ])
    renderSlot('footer.newsletter', {
      options: { newsletter: { submitColor: '#1a5e3a' } },
      signedIn: false,
      labels,
    })
    const form = await screen.findByRole('region', { name: 'Brew news, first' })
    expect(form.querySelector('h2')?.textContent).toBe('Brew news, first')
    expect(screen.getByText('New roasts and offers, twice a month.').tagName).toBe('P')
    expect(screen.getByRole('textbox').getAttribute('placeholder')).toBe('you@example.com')
    const button = screen.getByRole('button', { name: 'Count me in' })
    // The stylesheet paints the button with this property (newsletter.module.css).
    expect(button.style.getPropertyValue('--oh-newsletter-button')).toBe('#1a5e3a')
  })

  it('without a configured colour the button keeps the brand accent (no property set)', async () => {
    renderSlot('footer.newsletter', { signedIn: false })
    await screen.findByLabelText('Email address')
    expect(
      screen.getByRole('button', { name: LABEL_FALLBACKS['newsletter.submit'] }).getAttribute('style'),
    ).toBeNull()
  })

  it('the email message only while the field has focus; cab2c terms required; form until success', async () => {
    const t = renderSlot('footer.newsletter', { options: { newsletter: { terms: true } }, signedIn: false })
    const email = (await screen.findByLabelText('Email address')) as HTMLInputElement
    expect(screen.getByText('Save 15% on your next order')).toBeTruthy()
    fireEvent.focus(email)
    fireEvent.change(email, { target: { value: 'jo@brewco' } })
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.')
    fireEvent.blur(email)
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.change(email, { target: { value: 'jo@brewco.ca' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(screen.getByRole('alert').textContent).toBe('Please accept the terms and conditions.')
    expect(t.calls).toEqual([])
    fireEvent.click(screen.getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    const sending = screen.getByRole('button', { name: 'Signing up…' }) as HTMLButtonElement
    expect(sending.disabled).toBe(true)
    fireEvent.click(sending)
    await act(async () => t.release())
    expect(t.calls.filter((c) => c.path === 'kpcEmailSignup')).toHaveLength(1)
    expect((await screen.findByRole('status')).textContent).toContain('Thanks!')
    expect(screen.queryByLabelText('Email address')).toBeNull()
  })

  it('a perks member is not offered the join mailer; brands without terms show no box', async () => {
    renderSlot('footer.newsletter', { data: customer({ perksOptIn: true }) })
    await screen.findByLabelText('Email address')
    expect(screen.queryByText('Save 15% on your next order')).toBeNull()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })
})

describe('the header row (header spec §4)', () => {
  it("a member's label with the cashback; the join prompt opens the modal for everyone else", async () => {
    renderSlot('header.loyalty', {
      data: customer({ perksOptIn: true, loyaltyCashbackBalance: { formattedValue: '$12.50', value: 12.5 } }),
    })
    const link = screen.getByRole('link')
    expect(link.textContent).toBe('Perks member$12.50 cashback')
    expect(link.getAttribute('href')).toBe('/my-account/loyalty')
  })

  it('a link naming openJoinModal (header spec §3 clickHandler) opens the join modal from the header’s join button', async () => {
    const handlers = fakeLinkHandlers()
    renderSlot('header.loyalty', { handlers })
    expect(handlers.names()).toEqual(['openJoinModal'])
    // The join button once the loyalty service has the shopper's display (a busy machine is slow).
    await screen.findByRole('button', { name: /join/i }, { timeout: 10_000 })
    const event = new MouseEvent('click', { cancelable: true })
    act(() => void handlers.run('openJoinModal', event))
    expect(event.defaultPrevented).toBe(true)
    expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toBeTruthy()
  })

  it('openJoinModal with no join button on screen (the brand keeps loyalty out of the header row) lets the link go to its page', () => {
    const handlers = fakeLinkHandlers()
    renderSlot('header.loyalty', { handlers, options: { places: ['accountMenu'] } })
    const event = new MouseEvent('click', { cancelable: true })
    act(() => void handlers.run('openJoinModal', event))
    expect(event.defaultPrevented).toBe(false)
  })

  it('nothing when the programme is off or the brand keeps it out of the header row', () => {
    renderSlot('header.loyalty', { options: { places: ['accountMenu'] } })
    expect(document.querySelector('[data-loyalty]')).toBeNull()
  })

  it('the excluded customer’s info tooltip (cab2c): a description, shown on focus, Escape hides it', () => {
    renderSlot('header.loyalty', {
      options: { excludedInfo: true },
      data: customer({ isLoyaltyExcludedCustomer: true }),
    })
    const button = screen.getByRole('button', { name: 'About Perks for your account' })
    const tip = document.getElementById(button.getAttribute('aria-describedby') ?? '') as HTMLElement
    expect(tip.getAttribute('role')).toBe('tooltip')
    expect(tip.hidden).toBe(true)
    fireEvent.focus(button)
    expect(tip.hidden).toBe(false)
    fireEvent.keyDown(button, { key: 'Escape' })
    expect(tip.hidden).toBe(true)
  })
})

/** The account menus' registry as auth provides it, reduced to what loyalty uses. */
function fakeLinkHandlers(): LinkHandlers {
  const handlers = new Map<string, LinkClickHandler>()
  return {
    register: (name, handler) => {
      handlers.set(name, handler)
      return () => handlers.delete(name)
    },
    names: () => [...handlers.keys()],
    run: (name, event) => {
      const handler = handlers.get(name)
      handler?.(
        event,
        async () => {},
        async () => {},
        DEFAULT_SITE_CONFIG,
      )
      return handler !== undefined
    },
  }
}
