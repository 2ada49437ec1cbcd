import type { Database } from '../db/database'
import type { SeedAccount } from '../fixtures/accounts'

const DAY_MS = 86_400_000

/** `YYYY-MM-DD`, `days` from `now` (UTC). */
const dayFrom = (now: Date, days: number) =>
  new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10)

/**
 * The seed accounts' loyalty standing and rewards (migration 0010), for databases made before it
 * too: what is there already is left as it is, so a restart changes nothing a shopper did. Dates
 * count from the seeding day, so a fresh database always shows the same active rewards.
 */
export async function seedLoyalty(db: Database, accounts: readonly SeedAccount[], now = new Date()) {
  const members = accounts.filter((a) => a.loyalty)
  if (members.length === 0) return
  const standings = members.map((a) => ({
    customer_id: a.customerId,
    points_balance: a.loyalty!.pointsBalance,
    super_welcome: a.loyalty!.superWelcome ?? false,
    member_since:
      a.loyalty!.memberForDays === undefined
        ? null
        : new Date(now.getTime() - a.loyalty!.memberForDays * DAY_MS).toISOString(),
  }))
  await db.query(
    `INSERT INTO loyalty_accounts (user_id, points_balance, super_welcome, member_since)
     SELECT u.id, r.points_balance, r.super_welcome, r.member_since
       FROM jsonb_to_recordset($1::jsonb)
              AS r(customer_id text, points_balance integer, super_welcome boolean, member_since timestamptz)
       JOIN users u ON u.customer_id = r.customer_id
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(standings)],
  )
  const rewards = members.flatMap((a) =>
    (a.loyalty!.rewards ?? []).map((r) => ({
      customer_id: a.customerId,
      code: r.code,
      name_en: r.nameEn,
      name_fr: r.nameFr,
      value_cents: r.valueCents,
      expires_on: dayFrom(now, r.expiresInDays),
      redeemed_at: r.redeemed ? now.toISOString() : null,
    })),
  )
  if (rewards.length === 0) return
  await db.query(
    `INSERT INTO loyalty_rewards (user_id, code, name_en, name_fr, value_cents, expires_on, redeemed_at)
     SELECT u.id, r.code, r.name_en, r.name_fr, r.value_cents, r.expires_on, r.redeemed_at
       FROM jsonb_to_recordset($1::jsonb)
              AS r(customer_id text, code text, name_en text, name_fr text, value_cents integer,
                   expires_on date, redeemed_at timestamptz)
       JOIN users u ON u.customer_id = r.customer_id
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(rewards)],
  )
}
