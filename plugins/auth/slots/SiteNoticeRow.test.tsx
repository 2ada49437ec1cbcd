// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { labelsFrom } from '../../../contracts/labels'
import { labelEntries } from '../../../contracts/labelTexts'
import { createFakeAuthSession } from '../test/fakeAuthSession'
import { renderAuthSlots } from '../test/renderAuthSlot'
import { cardNoticeText } from './SiteNoticeRow'

afterEach(cleanup)

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
})
