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
  connectedBrewer: boolean
  adType: string
  isEmployee: boolean
}

export async function customerProfile(db: Database, userId: string): Promise<CustomerProfile | undefined> {
  const { rows } = await db.query<CustomerProfile>(
    `SELECT id AS "userId", first_name AS "firstName", customer_id AS "customerId",
       price_group AS "priceGroup", user_group AS "userGroup", perks_opt_in AS "perksOptIn",
       loyalty_program_opt_in AS "loyaltyProgramOptIn", loyalty_excluded AS "loyaltyExcluded",
       loyalty_cashback_cents AS "loyaltyCashbackCents", connected_brewer AS "connectedBrewer",
       ad_type AS "adType", is_employee AS "isEmployee"
     FROM users WHERE id = $1`,
    [userId],
  )
  return rows[0]
}
