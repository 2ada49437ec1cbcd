import type { Context, Hono } from 'hono'
import { type Brand, brandFromHost } from '../../../site/brand'
import { type Lang, langFromPath, localizedPath } from '../../../site/language'
import { customerCartGuid, sessionCartGuid } from '../../auth/account/cartQueries'
import { pageShopper } from '../../auth/account/pageShopper'
import { sessionId } from '../../auth/account/sessionId'
import type { AuthServices } from '../../auth/authTypes'
import type { Database } from '../../db/database'
import { limitBody } from '../../http/limitBody'
import { requestedHost, trustedOrigin } from '../../http/trustedOrigin'
import { pageContextFor } from '../pageContext'
import { catalogueOf, newOrderKey, offerProducts, placeOfferOrder, sellsStarterKits } from './offerQueries'
import { choiceQuery, readOfferChoice, stepFor } from './offerRules'
import type { BrewerOfferView } from './renderBrewerOffer'

/** The page the flow lives on (server/pages/routeNames.ts). */
export const BREWER_OFFER_PAGE = 'starter-kit'
/** A confirm form is a few hundred bytes; anything much larger is not one. */
const MAX_FORM_BYTES = 8 * 1024
const ORDER_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The starter-kit page's flow at the step its address asks for (offerRules.ts decides which it can
 * show). `order` in the address is the key of an order sent from this page: the page says the kit
 * is in the cart only when that order exists for this brand.
 */
export async function brewerOfferFor(
  db: Database,
  brand: Brand,
  lang: Lang,
  path: string,
  query: URLSearchParams,
): Promise<BrewerOfferView> {
  const cartPath = localizedPath(lang, '/cart')
  if (!sellsStarterKits(brand)) return { path, step: 1, brewers: [], pods: [], cartPath, unavailable: true }
  const choice = readOfferChoice(query)
  if (!choice) return { path, step: 1, brewers: [], pods: [], cartPath }
  const products = await offerProducts(db, brand, lang, choice.offer)
  const order = query.get('order') ?? ''
  if (ORDER_KEY.test(order) && (await orderExists(db, brand, choice.offer, order)))
    return { path, choice, step: 3, ...products, cartPath, ordered: true }
  const { step, problem } = stepFor(choice, catalogueOf(products))
  return {
    path,
    choice,
    step,
    ...(problem ? { problem } : {}),
    ...products,
    cartPath,
    ...(step === 3 ? { orderKey: newOrderKey() } : {}),
  }
}

/** Whether `key` is an order of this offer in this brand (the page then says its kit is in the cart). */
async function orderExists(db: Database, brand: Brand, offer: string, key: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM offer_orders WHERE order_key = $1 AND brand = $2 AND offer = $3',
    [key, brand, offer],
  )
  return rows.length > 0
}

/**
 * POST to the starter-kit page: the confirm step's form. A whole, valid order goes into the
 * shopper's cart (the signed-in customer's, else this browser session's, as the header's cart count
 * reads them) once per form, and the answer sends the browser back to the page with the order's key
 * (303, so a reload does not send it again). Anything else goes back to the step that can show what
 * is missing. A form from another site is refused.
 */
export function registerBrewerOfferRoutes(
  app: Hono,
  db: Database,
  auth: Pick<AuthServices, 'tokens' | 'accounts'> | undefined,
): void {
  const limitForm = limitBody({
    maxSize: MAX_FORM_BYTES,
    onError: (c) => c.text('This form is larger than an order form can be.', 413),
  })
  app.post('*', async (c, next) => {
    if (pageOf(c) !== BREWER_OFFER_PAGE) return next()
    let answer: Response | undefined
    const refused = await limitForm(c, async () => {
      answer = await placeOrder(c, db, auth)
    })
    return refused ?? answer
  })
}

/** The confirm form's answer: 403 from another site; else a 303 to the page, ordered or not. */
async function placeOrder(
  c: Context,
  db: Database,
  auth: Pick<AuthServices, 'tokens' | 'accounts'> | undefined,
): Promise<Response> {
  // Browsers send Origin with a form's POST, and Sec-Fetch-Site with it: either says another site.
  const origin = c.req.header('origin')
  if ((origin && origin !== trustedOrigin(c)) || c.req.header('sec-fetch-site') === 'cross-site')
    return c.text('An order is taken only from this store’s own page.', 403)
  const brand = brandFromHost(requestedHost(c))
  const lang = langFromPath(c.req.path)
  const fields = await formFields(c)
  const choice = readOfferChoice(fields)
  if (!choice) return c.redirect(c.req.path, 303)
  const products = await offerProducts(db, brand, lang, choice.offer)
  const { step } = stepFor({ ...choice, asked: 3 }, catalogueOf(products))
  const key = fields.get('orderKey') ?? ''
  if (step !== 3 || !ORDER_KEY.test(key)) return c.redirect(`${c.req.path}?${choiceQuery(choice, 3)}`, 303)
  const customer = auth ? await pageShopper(c, auth, brand) : undefined
  const cartGuid = customer
    ? await customerCartGuid(db, brand, customer)
    : await sessionCartGuid(db, brand, sessionId(c))
  await placeOfferOrder(db, { key, brand, cartGuid, choice: { ...choice, asked: 3 } })
  const done = new URLSearchParams({ openedKSK: choice.offer, order: key })
  return c.redirect(`${c.req.path}?${done}`, 303)
}

function pageOf(c: Context): string {
  const path = c.req.path
  return pageContextFor(brandFromHost(requestedHost(c)), langFromPath(path), path, new URLSearchParams())
    .pageId
}

/** The form's fields (urlencoded or multipart); none for any other body. */
async function formFields(c: Context): Promise<URLSearchParams> {
  const fields = new URLSearchParams()
  const type = c.req.header('content-type') ?? ''
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data'))
    return fields
  const body = await c.req.parseBody({ all: true }).catch(() => ({}))
  for (const [name, value] of Object.entries(body))
    for (const one of Array.isArray(value) ? value : [value])
      if (typeof one === 'string') fields.append(name, one)
  return fields
}
