import type { Brand } from '../../site/brand'
import type { Database } from '../db/database'
import { normalizeEmail } from './accountStore'

/**
 * Records a forgot-password request (the reference server sends no mail): known emails with their
 * user, unknown ones too, so support can see both and the answer time does not tell them apart.
 */
export async function recordPasswordReset(db: Database, brand: Brand, email: string) {
  const normalized = normalizeEmail(email)
  await db.query(
    `INSERT INTO password_reset_requests (brand, email, user_id)
     VALUES ($1, $2, (SELECT id FROM users WHERE brand = $1 AND email = $2))`,
    [brand, normalized],
  )
}
