import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import * as v from 'valibot'
import type { Database } from '../../db/database'
import { validationError } from '../../http/apiError'
import { readBody } from '../../http/readBody'
import { REST_BASE } from '../../rest/cmsRoutes'
import { brandParam } from '../../rest/params'
import { productExists } from '../../search/productQueries'
import { limitCartBody } from './cartRoutes'

/** The body may be empty, or name the product the recipe set starts from. */
export const GenerateCartItemRequestSchema = v.object({
  productCode: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64))),
})

/**
 * POST rest/v2/{brand}/generate-cart-item → `{ recipeSetId }`: a recipe set for a logged-out shopper
 * arriving with customize=true (header spec §4); the header keeps the id in a 20-minute cookie.
 */
export function registerRecipeSetRoute(app: Hono, db: Database): void {
  app.post(`${REST_BASE}/generate-cart-item`, limitCartBody, async (c) => {
    const brand = brandParam(c)
    const invalid = (message: string) => validationError(message, 'invalid')
    const { productCode } = await readBody(c, GenerateCartItemRequestSchema, {
      fail: invalid,
      allowEmpty: true,
    })
    if (productCode && !(await productExists(db, brand, productCode))) {
      throw invalid(`No product '${productCode}' in the ${brand} catalogue.`)
    }
    const recipeSetId = randomUUID()
    await db.query('INSERT INTO recipe_sets (id, brand, product_code) VALUES ($1, $2, $3)', [
      recipeSetId,
      brand,
      productCode ?? null,
    ])
    return c.json({ recipeSetId })
  })
}
