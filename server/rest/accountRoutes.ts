import type { Hono } from 'hono'
import { registerCartRoutes } from '../auth/account/cartRoutes'
import { registerCustomerRoutes } from '../auth/account/customerRoutes'
import { registerNoboTokenRoute } from '../auth/account/noboTokenRoute'
import { registerRecipeSetRoute } from '../auth/account/recipeSetRoute'
import type { AuthServices } from '../auth/authTypes'
import type { Database } from '../db/database'

export interface AccountRouteOptions {
  /** Honour x-test-token-ttl on extractNoboToken (auth/testTokenTtl.ts); the app passes `testFaults !== false`. */
  testHooks?: boolean
}

/**
 * The rest/v2 account calls of header spec §7: customer data, ad type, session cart guid, the cab2c
 * cookie hook, carts, recipe sets and agent (nobo) tokens. Signed-in calls take the access token of
 * `/api/auth/*` (or the local identity provider) as `Authorization: Bearer`.
 */
export function registerAccountRoutes(
  app: Hono,
  store: Database,
  auth: AuthServices,
  opts: AccountRouteOptions = {},
): void {
  registerCustomerRoutes(app, store, auth)
  registerCartRoutes(app, store, auth)
  registerRecipeSetRoute(app, store)
  registerNoboTokenRoute(app, auth, opts.testHooks ?? false)
}
