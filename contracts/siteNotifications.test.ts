import { describe, expect, it } from 'vitest'
import { CARD_EXPIRED_DAYS, CARD_EXPIRING_DAYS, cardNotices } from './siteNotifications'

const card = (expiryMonth: number, expiryYear: number) => ({
  cardType: 'Visa',
  last4: '4242',
  expiryMonth,
  expiryYear,
})
const at = (iso: string) => Date.parse(iso)
const day = 86_400_000

describe('card-expiration notices (getSiteNotifications)', () => {
  it('a card is good through the last day of its month: expiring within 30 days of that, expired after', () => {
    // 11/2026 ends at 2026-12-01T00:00Z.
    const ends = at('2026-12-01T00:00:00Z')
    expect(cardNotices([card(11, 2026)], ends - CARD_EXPIRING_DAYS * day - 1)).toEqual([])
    expect(cardNotices([card(11, 2026)], ends - CARD_EXPIRING_DAYS * day)).toEqual([
      { code: 'CARD_EXPIRING', ...card(11, 2026) },
    ])
    expect(cardNotices([card(11, 2026)], ends - 1)[0]?.code).toBe('CARD_EXPIRING')
    expect(cardNotices([card(11, 2026)], ends)[0]?.code).toBe('CARD_EXPIRED')
    expect(cardNotices([card(11, 2026)], ends + CARD_EXPIRED_DAYS * day)[0]?.code).toBe('CARD_EXPIRED')
    expect(cardNotices([card(11, 2026)], ends + CARD_EXPIRED_DAYS * day + 1)).toEqual([])
  })

  it('December rolls into the next year; each card is judged on its own', () => {
    const now = at('2026-12-15T12:00:00Z')
    expect(cardNotices([card(12, 2026), card(1, 2027), card(6, 2030)], now)).toEqual([
      { code: 'CARD_EXPIRING', ...card(12, 2026) },
    ])
  })
})
