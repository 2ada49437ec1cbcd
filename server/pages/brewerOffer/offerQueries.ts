import { randomUUID } from 'node:crypto'
import type { Brand } from '../../../site/brand'
import type { Lang } from '../../../site/language'
import { addCartEntry } from '../../auth/account/cartQueries'
import type { Database } from '../../db/database'
import { BRAND_FIXTURES } from '../../fixtures/brands'
import { OFFER_RULES, type OfferCatalogue, type OfferChoice } from './offerRules'

/** A product the flow lists, in the page's language. */
export interface OfferProduct {
  code: string
  name: string
}

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
  // Starter kits are the home stores' offers (nav spec §1: KSK program types; the business store has AFH's).
  if (BRAND_FIXTURES[brand].commercial) return { brewers: [], pods: [] }
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
 * Puts the confirmed kit in the cart once per `orderKey`: the brewer and the pods, each a line. A
 * second send of the same form (a double click, the browser's resend) finds the key taken and adds
 * nothing. The key is taken before the lines are added and given back if adding fails, so a failed
 * order can be sent again. Returns whether this call added the kit.
 */
export async function placeOfferOrder(
  db: Database,
  order: { key: string; brand: Brand; cartGuid: string; choice: OfferChoice },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO offer_orders (order_key, brand, cart_guid, offer) VALUES ($1, $2, $3, $4)
     ON CONFLICT (order_key) DO NOTHING RETURNING order_key`,
    [order.key, order.brand, order.cartGuid, order.choice.offer],
  )
  if (rows.length === 0) return false
  try {
    if (order.choice.brewer) await addCartEntry(db, order.cartGuid, order.choice.brewer, 1)
    for (const [code, count] of order.choice.boxes) await addCartEntry(db, order.cartGuid, code, count)
    return true
  } catch (error) {
    await db.query('DELETE FROM offer_orders WHERE order_key = $1', [order.key])
    throw error
  }
}
