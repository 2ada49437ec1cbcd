// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { labelsFrom } from '../../../contracts/labels'
import { labelEntries } from '../../../contracts/labelTexts'
import { createFakeAuthSession } from '../test/fakeAuthSession'
import { renderAuthSlots } from '../test/renderAuthSlot'
import { fakeFetch } from '../tokens/testing'
import { cardNoticeText, SiteNoticeRow } from './SiteNoticeRow'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const WORDS = 'Your Visa ending in 4242 expires at the end of 03/2027.'

/** getSiteNotifications answers one expiring card (the reference server's shape). */
function serveNotice() {
  let answer: () => void = () => {}
  const answered = new Promise<void>((resolve) => {
    answer = resolve
  })
  const server = fakeFetch(async (req) => {
    if (!req.url.pathname.endsWith('/getSiteNotifications')) return { status: 404, body: { errors: [] } }
    await answered
    return {
      status: 200,
      body: {
        notifications: [
          { code: 'CARD_EXPIRING', cardType: 'Visa', last4: '4242', expiryMonth: 3, expiryYear: 2027 },
        ],
      },
    }
  })
  vi.stubGlobal('fetch', server.fetch)
  return { answer: () => answer() }
}

describe('site notice row (getSiteNotifications, card expiration)', () => {
  it('words a notice from the labels, in English and French, with the expiry as MM/YYYY', () => {
    const notice = {
      code: 'CARD_EXPIRING' as const,
      cardType: 'Visa',
      last4: '4242',
      expiryMonth: 3,
      expiryYear: 2027,
    }
    const en = labelsFrom(labelEntries('usb2c', 'en'))
    const fr = labelsFrom(labelEntries('cab2c', 'fr'))
    expect(cardNoticeText(notice, en['header.card.expiring'])).toBe(
      'Your Visa ending in 4242 expires at the end of 03/2027.',
    )
    expect(cardNoticeText({ ...notice, code: 'CARD_EXPIRED' }, fr['header.card.expired'])).toBe(
      'Votre carte Visa se terminant par 4242 a expiré à la fin de 03/2027.',
    )
    // The close button of the notice over the page is named in both languages.
    expect(en['header.site.notice.dismiss']).toBe('Dismiss the account notice')
    expect(fr['header.site.notice.dismiss']).toBe('Fermer l’avis sur votre compte')
  })

  it('a visitor gets nothing and nothing is asked', async () => {
    const { container } = renderAuthSlots([])
    expect(container.querySelector('[data-reserved-row="sitenotice"]')).toBeNull()
    expect(screen.queryByRole('region', { name: 'Account notice' })).toBeNull()
  })

  it('signed in, a failed call shows nothing (and frees a reserved row)', async () => {
    const { SiteNoticeRow } = await import('./SiteNoticeRow')
    const { container } = renderAuthSlots([SiteNoticeRow], {
      session: createFakeAuthSession({ signedIn: true }),
      context: { reservedRows: ['sitenotice'] },
    })
    // Held at its height while the call is out…
    expect(container.querySelector('[data-reserved-row="sitenotice"]')).not.toBeNull()
    // …and the test kernel's HTTP client aims at a closed port: the call fails.
    await waitFor(() => expect(container.querySelector('[data-reserved-row="sitenotice"]')).toBeNull())
    expect(screen.queryByRole('region', { name: 'Account notice' })).toBeNull()
  })

  it('on a page that reserved the row, the notice is that row: no overlay, nothing to close', async () => {
    const server = serveNotice()
    const { container } = renderAuthSlots([SiteNoticeRow], {
      session: createFakeAuthSession({ signedIn: true }),
      context: { reservedRows: ['sitenotice'] },
    })
    expect(container.querySelector('[data-reserved-row="sitenotice"]')).not.toBeNull()
    server.answer()
    const row = await screen.findByRole('region', { name: 'Account notice' })
    expect(row.textContent).toContain(WORDS)
    expect(container.querySelector('[data-site-notice-overlay]')).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Dismiss the account notice' })).toBeNull()
  })

  it('on a page that did not (an in-page sign-in), it is an overlay: a polite live region, waiting empty, then the notice, closable', async () => {
    const server = serveNotice()
    const { container } = renderAuthSlots([SiteNoticeRow], {
      session: createFakeAuthSession({ signedIn: true }),
      context: { reservedRows: [] },
    })
    // The live region is there, empty, before the answer: its filling is what is announced; no row is held.
    const live = screen.getByRole('status', { name: 'Account notice' })
    expect(live.getAttribute('aria-live')).toBe('polite')
    expect(live.childNodes).toHaveLength(0)
    expect(container.querySelector('[data-reserved-row="sitenotice"]')).toBeNull()
    server.answer()
    await waitFor(() => expect(live.textContent).toContain(WORDS))
    expect(live.closest('[data-site-notice-overlay]')).not.toBeNull()
    expect(screen.queryByRole('region', { name: 'Account notice' })).toBeNull()
    // Closed, it is gone (the live region stays, empty).
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the account notice' }))
    expect(live.childNodes).toHaveLength(0)
    expect(screen.queryByText(WORDS)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Dismiss the account notice' })).toBeNull()
  })
})
