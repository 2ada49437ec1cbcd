import { randomUUID } from 'node:crypto'
import type { Database } from '../db/database'
import { insertRows } from '../db/insertRows'
import { SEED_ACCOUNTS, type SeedAccount } from '../fixtures/accounts'
import { catalogueFor } from '../fixtures/catalogue'
import { seedLoyalty } from '../loyalty/seedLoyalty'
import { customerCartGuid } from './account/cartQueries'
import { hashPassword } from './passwordHash'

/** A seed cart naming a product the catalogue does not have is a fixture bug: say which. */
function checkCarts(accounts: readonly SeedAccount[]): void {
  for (const a of accounts) {
    const codes = new Set(catalogueFor(a.brand).map((p) => p.code))
    for (const line of a.cart ?? []) {
      if (!codes.has(line.productCode)) {
        throw new Error(
          `fixtures/accounts.ts: ${a.brand} ${a.email} has product ${line.productCode} in the cart, which is not in the ${a.brand} catalogue.`,
        )
      }
    }
  }
}

const userRow = (a: SeedAccount, passwordHash: string) => ({
  id: randomUUID(),
  brand: a.brand,
  email: a.email,
  password_hash: passwordHash,
  first_name: a.firstName,
  last_name: a.lastName,
  customer_id: a.customerId,
  role: a.role,
  price_group: a.profile?.priceGroup ?? null,
  user_group: a.profile?.userGroup ?? null,
  perks_opt_in: a.profile?.perksOptIn ?? false,
  loyalty_program_opt_in: a.profile?.loyaltyProgramOptIn ?? false,
  loyalty_excluded: a.profile?.loyaltyExcluded ?? false,
  loyalty_cashback_cents: a.profile?.loyaltyCashbackCents ?? 0,
  connected_brewer: a.profile?.connectedBrewer ?? false,
  ad_type: a.profile?.adType ?? 'NONE',
  is_employee: a.profile?.isEmployee ?? false,
})

const text = 'text'
const USER_COLUMNS = {
  id: text,
  brand: text,
  email: text,
  password_hash: text,
  first_name: text,
  last_name: text,
  customer_id: text,
  role: text,
  price_group: text,
  user_group: text,
  perks_opt_in: 'boolean',
  loyalty_program_opt_in: 'boolean',
  loyalty_excluded: 'boolean',
  loyalty_cashback_cents: 'integer',
  connected_brewer: 'boolean',
  ad_type: text,
  is_employee: 'boolean',
}

/**
 * The seed accounts of fixtures/accounts.ts, their carts, cards and loyalty standing, once: accounts already in the database
 * are left as they are (and are not hashed again, so a restart costs no scrypt time).
 */
export async function seedAccounts(db: Database, accounts: readonly SeedAccount[] = SEED_ACCOUNTS) {
  checkCarts(accounts)
  const { rows } = await db.query<{ customer_id: string }>(
    'SELECT customer_id FROM users WHERE customer_id = ANY($1::text[])',
    [accounts.map((a) => a.customerId)],
  )
  const existing = new Set(rows.map((r) => r.customer_id))
  const missing = accounts.filter((a) => !existing.has(a.customerId))
  if (missing.length > 0) await seedMissing(db, missing)
  await seedCards(db, accounts)
  await seedLoyalty(db, accounts)
}

/** Inserts the accounts not in the database yet, with their carts. */
async function seedMissing(db: Database, missing: readonly SeedAccount[]) {
  const users = await Promise.all(missing.map(async (a) => userRow(a, await hashPassword(a.password))))
  await insertRows(db, 'users', USER_COLUMNS, users)
  for (const a of missing.filter((m) => m.cart?.length)) {
    // Read back by customer id: an account whose email was already taken was not inserted, and gets no cart.
    const user = await db.query<{ id: string }>('SELECT id FROM users WHERE customer_id = $1', [a.customerId])
    if (!user.rows[0]) continue
    const guid = await customerCartGuid(db, a.brand, user.rows[0].id)
    const entries = a.cart!.map((line, entryNumber) => ({
      cart_guid: guid,
      entry_number: entryNumber,
      product_code: line.productCode,
      quantity: line.quantity,
    }))
    await insertRows(
      db,
      'cart_entries',
      { cart_guid: text, entry_number: 'integer', product_code: text, quantity: 'integer' },
      entries,
    )
  }
}

/**
 * The seed accounts' saved cards (migration 0008), for databases made before it too: a card already
 * saved is left as it is. Expiries count from the seeding month, so a fresh database always shows
 * the card-expiration notice for the accounts whose card ends "this month".
 */
async function seedCards(db: Database, accounts: readonly SeedAccount[], now = new Date()) {
  const cards = accounts.flatMap((a) =>
    (a.cards ?? []).map((card) => {
      const months = now.getUTCFullYear() * 12 + now.getUTCMonth() + card.expiresInMonths
      return [a.customerId, card.cardType, card.last4, (months % 12) + 1, Math.floor(months / 12)] as const
    }),
  )
  if (cards.length === 0) return
  // One statement for every card: customer ids, types, digits, months and years side by side.
  await db.query(
    `INSERT INTO payment_cards (user_id, card_type, last4, expiry_month, expiry_year)
     SELECT u.id, c.card_type, c.last4, c.expiry_month, c.expiry_year
       FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[])
              AS c(customer_id, card_type, last4, expiry_month, expiry_year)
       JOIN users u ON u.customer_id = c.customer_id
     ON CONFLICT DO NOTHING`,
    [0, 1, 2, 3, 4].map((i) => cards.map((card) => card[i])),
  )
}
