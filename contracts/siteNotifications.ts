import * as v from 'valibot'

/**
 * Site notifications (header spec §7: POST users/current/getSiteNotifications, bearer, "card
 * expiration"): what the signed-in customer should hear about their account, shown in a row under
 * the global notification. The spec does not show the shape; ours is a list of coded notices the
 * header words from its labels, so the server never sends display text.
 */
export const SITE_NOTIFICATIONS_PATH = (customerParam: string) =>
  `users/${encodeURIComponent(customerParam)}/getSiteNotifications`

/** A saved card ends within this many days (at the end of its expiry month): "expires soon". */
export const CARD_EXPIRING_DAYS = 30
/** A card that ended at most this many days ago is still mentioned: "has expired". */
export const CARD_EXPIRED_DAYS = 90

export const CardNoticeSchema = v.object({
  code: v.picklist(['CARD_EXPIRING', 'CARD_EXPIRED']),
  cardType: v.pipe(v.string(), v.regex(/^[\w .-]{1,30}$/)),
  last4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  expiryMonth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  expiryYear: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100)),
})
export type CardNotice = v.InferOutput<typeof CardNoticeSchema>

/** Items are decoded one by one by the header: an unknown kind of notice is left out, not fatal. */
export const SiteNotificationsResponseSchema = v.object({ notifications: v.array(v.unknown()) })

export interface SavedCard {
  cardType: string
  last4: string
  expiryMonth: number
  expiryYear: number
}

/** The notices for a customer's saved cards at `now` (pure: the server's rule, tested at the edges). */
export function cardNotices(cards: readonly SavedCard[], now: number): CardNotice[] {
  const day = 86_400_000
  const notices: CardNotice[] = []
  for (const card of cards) {
    // A card is good through the last day of its expiry month (UTC).
    const ends = Date.UTC(card.expiryYear, card.expiryMonth, 1)
    const code =
      now >= ends
        ? now - ends <= CARD_EXPIRED_DAYS * day
          ? 'CARD_EXPIRED'
          : undefined
        : ends - now <= CARD_EXPIRING_DAYS * day
          ? 'CARD_EXPIRING'
          : undefined
    if (code) notices.push({ code, ...card })
  }
  return notices
}
