import type { LoyaltyDetails, LoyaltyField } from '../../contracts/loyalty'
import type { Brand, Lang } from '../../site/brand'
import { formatMoney } from '../auth/account/customerDetails'
import type { Database } from '../db/database'

interface StandingRow {
  pointsBalance: number
  pointsPerReward: number
  superWelcome: boolean
  memberSince: string | null
  cashbackCents: number
}

interface RewardRow {
  code: string
  nameEn: string
  nameFr: string
  valueCents: number
  expiresOn: string
}

/**
 * Reward data (header spec §3) of a customer: points and active rewards, and with `full` the
 * rewards, cashback and standing. A customer with no loyalty row (not a member, excluded) has 0 of
 * everything. A reward is active until it is redeemed or its last day (UTC) has passed.
 */
export async function loyaltyDetails(
  db: Database,
  userId: string,
  opts: { field: LoyaltyField; brand: Brand; lang: Lang },
): Promise<LoyaltyDetails> {
  const [standing, rewards] = await Promise.all([
    db.query<StandingRow>(
      `SELECT coalesce(l.points_balance, 0) AS "pointsBalance",
         coalesce(l.points_per_reward, 500) AS "pointsPerReward",
         coalesce(l.super_welcome, false) AS "superWelcome",
         to_char(l.member_since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "memberSince",
         u.loyalty_cashback_cents AS "cashbackCents"
       FROM users u LEFT JOIN loyalty_accounts l ON l.user_id = u.id
       WHERE u.id = $1`,
      [userId],
    ),
    db.query<RewardRow>(
      `SELECT code, name_en AS "nameEn", name_fr AS "nameFr", value_cents AS "valueCents",
         to_char(expires_on, 'YYYY-MM-DD') AS "expiresOn"
       FROM loyalty_rewards
       WHERE user_id = $1 AND redeemed_at IS NULL AND expires_on >= (now() AT TIME ZONE 'UTC')::date
       ORDER BY expires_on, code`,
      [userId],
    ),
  ])
  const s = standing.rows[0]
  const points = s?.pointsBalance ?? 0
  const basic = { pointsBalance: points, activeRewards: rewards.rows.length }
  if (opts.field === 'basic' || !s) return basic
  const money = (cents: number) => ({
    formattedValue: formatMoney(cents, opts.brand, opts.lang),
    value: cents / 100,
  })
  return {
    ...basic,
    cashbackBalance: money(s.cashbackCents),
    rewards: rewards.rows.map((r) => ({
      code: r.code,
      name: opts.lang === 'fr' ? r.nameFr : r.nameEn,
      value: money(r.valueCents),
      expiresOn: r.expiresOn,
    })),
    pointsToNextReward: s.pointsPerReward - (points % s.pointsPerReward),
    isSuperWelcomeUser: s.superWelcome,
    ...(s.memberSince ? { memberSince: s.memberSince } : {}),
  }
}
