import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import type { Brand } from '../../../site/brand'
import type { Database } from '../../db/database'
import { ApiError, errorBody, validationError } from '../../http/apiError'
import { limitBody } from '../../http/limitBody'
import { MAX_BODY_BYTES, readBody } from '../../http/readBody'
import { REST_BASE } from '../../rest/cmsRoutes'
import { brandParam, requiredQuery } from '../../rest/params'
import { productExists } from '../../search/productQueries'
import type { AuthServices } from '../authTypes'
import { withRefusals } from '../refusals'
import { addCartEntry, customerCartGuid, isAnonymousCart, readCart } from './cartQueries'
import { requireCustomer } from './customerAccess'

/** A whole number, as JSON or as the text of a form field. */
const Count = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number))]),
  v.integer(),
  v.minValue(1),
  v.maxValue(99),
)

/** POST …/carts/{cart}/entries: a product of this brand and how many (1 unless given). */
export const AddToCartRequestSchema = v.object({
  productCode: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)),
  quantity: v.optional(Count, 1),
})

export const limitCartBody = limitBody({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => c.json(errorBody('PayloadTooLargeError', `The body is over ${MAX_BODY_BYTES} bytes.`), 413),
})

const invalid = (message: string) => validationError(message, 'invalid')

async function anonymousCart(db: Database, brand: Brand, guid: string): Promise<string> {
  if (await isAnonymousCart(db, brand, guid)) return guid
  throw new ApiError(
    404,
    'CartError',
    `No anonymous ${brand} cart '${guid.slice(0, 64)}': get one from getSessionCartGuid.`,
  )
}

async function addFromBody(c: Context, db: Database, brand: Brand, guid: string) {
  const body = await readBody(c, AddToCartRequestSchema, { fail: invalid })
  if (!(await productExists(db, brand, body.productCode))) {
    throw invalid(`No product '${body.productCode}' in the ${brand} catalogue.`)
  }
  await addCartEntry(db, guid, body.productCode, body.quantity)
  return c.json(await readCart(db, guid))
}

/**
 * Cart reads and add-to-cart (header spec §7 "users/current/carts/current; users/anonymous/carts"):
 * enough for the header's cart count to change in a browser test. Anonymous carts are registered
 * first, so `users/anonymous/…` never reaches the signed-in routes.
 */
export function registerCartRoutes(app: Hono, db: Database, auth: AuthServices): void {
  app.get(`${REST_BASE}/users/anonymous/carts`, async (c) => {
    const brand = brandParam(c)
    const guid = requiredQuery(c, 'guid', 'the anonymous cart guid from getSessionCartGuid')
    return c.json(await readCart(db, await anonymousCart(db, brand, guid)))
  })
  app.get(`${REST_BASE}/users/anonymous/carts/:guid`, async (c) => {
    const brand = brandParam(c)
    return c.json(await readCart(db, await anonymousCart(db, brand, c.req.param('guid'))))
  })
  app.post(`${REST_BASE}/users/anonymous/carts/:guid/entries`, limitCartBody, async (c) => {
    const brand = brandParam(c)
    return addFromBody(c, db, brand, await anonymousCart(db, brand, c.req.param('guid')))
  })

  app.get(
    `${REST_BASE}/users/:customerParam/carts/current`,
    withRefusals(async (c) => {
      const brand = brandParam(c)
      const claims = await requireCustomer(c, auth, brand, c.req.param('customerParam')!)
      return c.json(await readCart(db, await customerCartGuid(db, brand, claims.sub)))
    }),
  )
  app.post(
    `${REST_BASE}/users/:customerParam/carts/current/entries`,
    limitCartBody,
    withRefusals(async (c) => {
      const brand = brandParam(c)
      const claims = await requireCustomer(c, auth, brand, c.req.param('customerParam')!)
      return addFromBody(c, db, brand, await customerCartGuid(db, brand, claims.sub))
    }),
  )
}
