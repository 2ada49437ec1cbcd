import type { Database } from '../db/database'

/**
 * Keeps one referral per customer and friend's e-mail (migration 0010): `referred` when this call
 * made it, `alreadyReferred` when it was there, however many calls race.
 */
export async function recordReferral(
  db: Database,
  referrerId: string,
  friend: { email: string; firstName: string },
): Promise<'referred' | 'alreadyReferred'> {
  const { rows } = await db.query(
    `INSERT INTO referrals (referrer_id, email, first_name) VALUES ($1, $2, $3)
     ON CONFLICT (referrer_id, email) DO NOTHING RETURNING referrer_id`,
    [referrerId, friend.email, friend.firstName],
  )
  return rows.length > 0 ? 'referred' : 'alreadyReferred'
}
