import type { Hono } from 'hono'
import { ALERT_ME_PATH, AlertMeRequestSchema } from '../../contracts/alertMe'
import type { Database } from '../db/database'
import { ApiError, validationError } from '../http/apiError'
import { readBody } from '../http/readBody'
import { productExists } from '../search/productQueries'
import { REST_BASE } from './cmsRoutes'
import { brandParam, optionalLang } from './params'

/**
 * POST alert/alertMe (header spec §7, "notify me"): `{ productCode, email }` as JSON, and optionally
 * `?lang`. 202 `accepted` whether or not the request was there already (no one learns who watches
 * what); 404 for a product the brand does not sell; 415 for anything but JSON (a form could be
 * posted from any site without a preflight); 400 naming the field for anything else. Registered after the CMS routes,
 * whose middleware checks the brand.
 */
export function registerAlertRoutes(app: Hono, db: Database): void {
  app.post(`${REST_BASE}/${ALERT_ME_PATH}`, async (c) => {
    const brand = brandParam(c)
    const lang = optionalLang(c)
    const { productCode, email } = await readBody(c, AlertMeRequestSchema, {
      fail: (message) => validationError(message, 'invalid'),
      jsonOnly: true,
    })
    if (!(await productExists(db, brand, productCode)))
      throw new ApiError(404, 'UnknownIdentifierError', `No product '${productCode}' in brand ${brand}.`)
    await db.query(
      `INSERT INTO stock_alerts (brand, product_code, email, lang) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [brand, productCode, email, lang],
    )
    return c.json({ status: 'accepted' }, 202)
  })
}
