import type { Brand, Lang } from '../../site/brand'
import type { Database } from '../db/database'

/**
 * Keeps one newsletter subscription per brand and e-mail (migration 0010). A repeat keeps the first
 * language and remembers a terms box ticked on any request; it is never a second row.
 */
export async function subscribeToNewsletter(
  db: Database,
  s: { brand: Brand; email: string; lang: Lang; termsAccepted: boolean },
): Promise<void> {
  await db.query(
    `INSERT INTO newsletter_subscriptions (brand, email, lang, terms_accepted) VALUES ($1, $2, $3, $4)
     ON CONFLICT (brand, email) DO UPDATE
       SET terms_accepted = newsletter_subscriptions.terms_accepted OR EXCLUDED.terms_accepted`,
    [s.brand, s.email, s.lang, s.termsAccepted],
  )
}
