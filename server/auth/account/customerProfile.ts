import type { Database } from '../../db/database'

/** What customer data (header spec §3) shows of a customer beyond the UserRecord. */
export interface CustomerProfile {
  userId: string
  firstName: string
  customerId: string
  priceGroup: string | null
  userGroup: string | null
  perksOptIn: boolean
  loyaltyProgramOptIn: boolean
  loyaltyExcluded: boolean
  loyaltyCashbackCents: number
  /** Super-welcome (SWU) customer (migration 0010 loyalty_accounts; false without a row). */
  superWelcome: boolean
  connectedBrewer: boolean
  adType: string
  isEmployee: boolean
}

export async function customerProfile(db: Database, userId: string): Promise<CustomerProfile | undefined> {
  const { rows } = await db.query<CustomerProfile>(
    `SELECT u.id AS "userId", u.first_name AS "firstName", u.customer_id AS "customerId",
       u.price_group AS "priceGroup", u.user_group AS "userGroup", u.perks_opt_in AS "perksOptIn",
       u.loyalty_program_opt_in AS "loyaltyProgramOptIn", u.loyalty_excluded AS "loyaltyExcluded",
       u.loyalty_cashback_cents AS "loyaltyCashbackCents",
       coalesce(l.super_welcome, false) AS "superWelcome", u.connected_brewer AS "connectedBrewer",
       u.ad_type AS "adType", u.is_employee AS "isEmployee"
     FROM users u LEFT JOIN loyalty_accounts l ON l.user_id = u.id
     WHERE u.id = $1`,
    [userId],
  )
  return rows[0]
}
