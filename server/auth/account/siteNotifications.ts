import { type CardNotice, cardNotices, type SavedCard } from '../../../contracts/siteNotifications'
import type { Database } from '../../db/database'

/** The signed-in customer's site notifications (header spec §7): their saved cards' expiry notices. */
export async function siteNotificationsFor(
  db: Database,
  userId: string,
  now = Date.now(),
): Promise<CardNotice[]> {
  const { rows } = await db.query<SavedCard>(
    `SELECT card_type AS "cardType", last4, expiry_month AS "expiryMonth", expiry_year AS "expiryYear"
       FROM payment_cards WHERE user_id = $1 ORDER BY expiry_year, expiry_month, last4`,
    [userId],
  )
  return cardNotices(rows, now)
}
