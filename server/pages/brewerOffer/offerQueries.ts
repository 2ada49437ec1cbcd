import { randomUUID } from 'node:crypto'
import type { Brand } from '../../../site/brand'
import type { Lang } from '../../../site/language'
import { MAX_LINE_QUANTITY } from '../../auth/account/cartQueries'
import { SERVER_BRANDS } from '../../brands'
import type { Database } from '../../db/database'
import { OFFER_RULES, type OfferCatalogue, type OfferChoice } from './offerRules'

/** A product the flow lists, in the page's language. */
export interface OfferProduct {
  code: string
  name: string
}

/** Starter kits are the home stores' offers (nav spec §1: KSK program types; the business store has AFH's). */
export const sellsStarterKits = (brand: Brand): boolean => !SERVER_BRANDS[brand].commercial

/** How many pod products step 2 lists: the most popular 24-count boxes. */
const PODS_LISTED = 8

/**
 * The brewers and pods an offer lets the shopper pick, from the brand's catalogue: every model, in
 * one finish (black), for most offers, so the step is twelve choices and not thirty-six; the K-Mini in each finish for the free-brewer offer; the pods
 * are the 24-count K-Cup boxes, most popular first. None in the business store, which has no
 * starter kits.
 */
export async function offerProducts(
  db: Database,
  brand: Brand,
  lang: Lang,
  offer: OfferChoice['offer'],
): Promise<{ brewers: OfferProduct[]; pods: OfferProduct[] }> {
  if (!sellsStarterKits(brand)) return { brewers: [], pods: [] }
  const name = lang === 'fr' ? 'name_fr' : 'name_en'
  const onlyMini = OFFER_RULES[offer].brewers === 'K-Mini'
  const [brewers, pods] = await Promise.all([
    db.query<{ code: string; name: string }>(
      `SELECT code, ${name} AS name FROM products
       WHERE brand = $1 AND product_type = 'Brewer'
         AND (CASE WHEN $2::boolean THEN name_en LIKE 'Brewco K-Mini %' ELSE sell_group_name LIKE '%_Black' END)
       ORDER BY code`,
      [brand, onlyMini],
    ),
    db.query<{ code: string; name: string }>(
      `SELECT code, ${name} AS name FROM products
       WHERE brand = $1 AND product_type = 'Coffee' AND sell_group_name LIKE '%\\_KCup24'
       ORDER BY popularity DESC, code LIMIT ${PODS_LISTED}`,
      [brand],
    ),
  ])
  return { brewers: brewers.rows, pods: pods.rows }
}

export const catalogueOf = (products: { brewers: OfferProduct[]; pods: OfferProduct[] }): OfferCatalogue => ({
  brewers: products.brewers.map((p) => p.code),
  pods: products.pods.map((p) => p.code),
})

/** A new confirm form's key: one order, however many times the form is sent. */
export const newOrderKey = (): string => randomUUID()

/**
 * Puts the confirmed kit in the cart once per `orderKey`: the brewer and the pods, each a line (added
 * to a line of the same product already there). A second send of the same form (a double click, the
 * browser's resend) finds the key taken and adds nothing. One statement takes the key and adds the
 * lines, so either both happen or neither: a failure leaves no half kit and no key taken, and the
 * same form can be sent again. Returns whether this call added the kit.
 */
export async function placeOfferOrder(
  db: Database,
  order: { key: string; brand: Brand; cartGuid: string; choice: OfferChoice },
): Promise<boolean> {
  const lines = [
    ...(order.choice.brewer ? [[order.choice.brewer, 1] as const] : []),
    ...[...order.choice.boxes].filter(([, count]) => count > 0),
  ]
  const { rows } = await db.query(
    `WITH claimed AS (
       INSERT INTO offer_orders (order_key, brand, cart_guid, offer) VALUES ($1, $2, $3, $4)
       ON CONFLICT (order_key) DO NOTHING RETURNING cart_guid
     ), touched AS (
       UPDATE carts SET updated_at = clock_timestamp() WHERE guid IN (SELECT cart_guid FROM claimed)
     ), base AS (
       SELECT COALESCE(MAX(entry_number) + 1, 0) AS next FROM cart_entries WHERE cart_guid = $3
     )
     INSERT INTO cart_entries (cart_guid, entry_number, product_code, quantity)
     SELECT claimed.cart_guid, base.next + line.ord - 1, line.code, line.quantity
     FROM claimed, base, unnest($5::text[], $6::int[]) WITH ORDINALITY AS line (code, quantity, ord)
     ON CONFLICT (cart_guid, product_code)
       DO UPDATE SET quantity = LEAST(cart_entries.quantity + EXCLUDED.quantity, ${MAX_LINE_QUANTITY})
     RETURNING 1`,
    [
      order.key,
      order.brand,
      order.cartGuid,
      order.choice.offer,
      lines.map(([code]) => code),
      lines.map(([, count]) => count),
    ],
  )
  return rows.length > 0
}
