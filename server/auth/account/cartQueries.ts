import { randomUUID } from 'node:crypto'
import type * as v from 'valibot'
import type { CartSchema } from '../../../contracts/auth'
import type { Brand } from '../../../site/brand'
import type { Database } from '../../db/database'

export type Cart = v.InferOutput<typeof CartSchema>

/** Most of one product a cart line may hold (the column's check allows 999). */
export const MAX_LINE_QUANTITY = 999

/** The customer's cart in this brand, made empty on first use. */
export const customerCartGuid = (db: Database, brand: Brand, userId: string): Promise<string> =>
  ownedCartGuid(db, brand, 'user_id', userId)

/** The anonymous cart of a browser session (its SESSION id), made on first use. */
export const sessionCartGuid = (db: Database, brand: Brand, sessionId: string): Promise<string> =>
  ownedCartGuid(db, brand, 'session_id', sessionId)

/** The one cart per brand an owner (a user or a browser session) has; `column` is never user input. */
async function ownedCartGuid(
  db: Database,
  brand: Brand,
  column: 'user_id' | 'session_id',
  owner: string,
): Promise<string> {
  await db.query(
    `INSERT INTO carts (guid, brand, ${column}) VALUES ($1, $2, $3)
     ON CONFLICT (brand, ${column}) WHERE ${column} IS NOT NULL DO NOTHING`,
    [randomUUID(), brand, owner],
  )
  const { rows } = await db.query<{ guid: string }>(
    `SELECT guid FROM carts WHERE brand = $1 AND ${column} = $2`,
    [brand, owner],
  )
  return rows[0]!.guid
}

/** Whether `guid` is an anonymous cart of this brand; a customer's cart is never reachable by guid alone. */
export async function isAnonymousCart(db: Database, brand: Brand, guid: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM carts WHERE guid = $1 AND brand = $2 AND user_id IS NULL', [
    guid,
    brand,
  ])
  return rows.length > 0
}

export async function readCart(db: Database, guid: string): Promise<Cart> {
  const { rows } = await db.query<{ product_code: string; quantity: number; entry_number: number }>(
    'SELECT product_code, quantity, entry_number FROM cart_entries WHERE cart_guid = $1 ORDER BY entry_number',
    [guid],
  )
  const entries = rows.map((r) => ({
    productCode: r.product_code,
    quantity: r.quantity,
    entryNumber: r.entry_number,
  }))
  return { guid, totalUnitCount: entries.reduce((sum, e) => sum + e.quantity, 0), entries }
}

/** Units in the cart (the header's cart count); 0 for a cart that does not exist. */
export async function cartUnitCount(db: Database, guid: string): Promise<number> {
  const { rows } = await db.query<{ units: number }>(
    'SELECT COALESCE(SUM(quantity), 0)::integer AS units FROM cart_entries WHERE cart_guid = $1',
    [guid],
  )
  return rows[0]?.units ?? 0
}

/** Adds units of a product: a new line, or more on the product's line (capped at MAX_LINE_QUANTITY). */
export async function addCartEntry(db: Database, guid: string, productCode: string, quantity: number) {
  await db.query(
    `INSERT INTO cart_entries (cart_guid, entry_number, product_code, quantity)
     SELECT $1::text, COALESCE(MAX(entry_number) + 1, 0), $2::text, $3::integer
     FROM cart_entries WHERE cart_guid = $1
     ON CONFLICT (cart_guid, product_code)
       DO UPDATE SET quantity = LEAST(cart_entries.quantity + EXCLUDED.quantity, ${MAX_LINE_QUANTITY})`,
    [guid, productCode, quantity],
  )
  await db.query('UPDATE carts SET updated_at = clock_timestamp() WHERE guid = $1', [guid])
}
