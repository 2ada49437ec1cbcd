import type { Database } from '../db/database'

/**
 * Perks opt-in (which joins the programme too) and loyalty programme sign-up, each one statement,
 * so a double click, a retry or two tabs at once land on one record: the flag on `users` is set only where it was not (PostgreSQL
 * re-checks the WHERE after waiting for a concurrent update, so exactly one caller sees it change),
 * the record insert does nothing on its key, and the member's standing gets its join date once.
 * Every caller runs the same statement, so they take their locks in the same order.
 */

const JOIN_STANDING = `INSERT INTO loyalty_accounts (user_id, member_since) VALUES ($1, clock_timestamp())
  ON CONFLICT (user_id) DO UPDATE
    SET member_since = coalesce(loyalty_accounts.member_since, EXCLUDED.member_since)
  RETURNING user_id`

/** Whether a customer is excluded from the programme (header spec §6, Canadian brand). */
export async function isLoyaltyExcluded(db: Database, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ excluded: boolean }>(
    'SELECT loyalty_excluded AS excluded FROM users WHERE id = $1',
    [userId],
  )
  return rows[0]?.excluded ?? false
}

/**
 * Opts the customer in to perks, which is joining the loyalty programme: the perks flag, the
 * programme's flag, both records and the member's standing in one statement, so one transaction
 * (header spec §4: a perks opt-in makes a member). A failure leaves nothing half done; a customer who
 * had joined the programme alone (its own call) keeps that record. `already` when they were opted in
 * to perks before this call: the row's flag as it was, or, for two callers at once, the perks
 * record that only one of them inserts.
 */
export async function optInToPerks(
  db: Database,
  userId: string,
  csAgentId: string | undefined,
): Promise<{ already: boolean }> {
  const { rows } = await db.query<{ already: boolean }>(
    `WITH prior AS (
       SELECT perks_opt_in FROM users WHERE id = $1
     ), flags AS (
       UPDATE users SET perks_opt_in = true, loyalty_program_opt_in = true
       WHERE id = $1 AND NOT (perks_opt_in AND loyalty_program_opt_in) RETURNING id
     ), record AS (
       INSERT INTO perks_opt_ins (user_id, cs_agent_id) VALUES ($1, $2)
       ON CONFLICT (user_id) DO NOTHING RETURNING user_id
     ), programme AS (
       INSERT INTO loyalty_signups (user_id, cs_agent_id) VALUES ($1, $2)
       ON CONFLICT (user_id) DO NOTHING RETURNING user_id
     ), standing AS (${JOIN_STANDING})
     SELECT coalesce((SELECT perks_opt_in FROM prior), false) OR NOT EXISTS (SELECT 1 FROM record) AS already`,
    [userId, csAgentId ?? null],
  )
  return { already: rows[0]?.already ?? true }
}

/** Signs the customer up for the loyalty programme; `already` when they were a member before. */
export async function signUpForLoyalty(
  db: Database,
  userId: string,
  csAgentId: string | undefined,
): Promise<{ already: boolean }> {
  const { rows } = await db.query<{ changed: boolean }>(
    `WITH flag AS (
       UPDATE users SET loyalty_program_opt_in = true
       WHERE id = $1 AND NOT loyalty_program_opt_in RETURNING id
     ), record AS (
       INSERT INTO loyalty_signups (user_id, cs_agent_id) VALUES ($1, $2)
       ON CONFLICT (user_id) DO NOTHING RETURNING user_id
     ), standing AS (${JOIN_STANDING})
     SELECT EXISTS (SELECT 1 FROM flag) AS changed`,
    [userId, csAgentId ?? null],
  )
  return { already: !rows[0]?.changed }
}
