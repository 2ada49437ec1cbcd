import type { Hono } from 'hono'
import { CUSTOMER_SERVICE_USER_PATH } from '../../../contracts/auth'
import { TEALIUM_TAGS_PATH, type TealiumTags } from '../../../contracts/tealiumTags'
import type { Database } from '../../db/database'
import { ApiError } from '../../http/apiError'
import { REST_BASE } from '../../rest/cmsRoutes'
import { brandParam, optionalLang } from '../../rest/params'
import type { AuthServices } from '../authTypes'
import { AccessError, withRefusals } from '../refusals'
import { cartUnitCount, customerCartGuid, isAnonymousCart, sessionCartGuid } from './cartQueries'
import { requireAccess, requireCustomer } from './customerAccess'
import { anonymousDetails, customerDetails } from './customerDetails'
import { type CustomerProfile, customerProfile } from './customerProfile'
import { sessionId } from './sessionId'
import { siteNotificationsFor } from './siteNotifications'

export const ANONYMOUS_USER = 'anonymous'

/**
 * Customer data (`users/{customerParam}/getCustomerDetails`), auto-delivery type, the session cart
 * guid and the Canadian logged-in cookie hook (header spec §3, §7).
 */
export function registerCustomerRoutes(app: Hono, db: Database, auth: AuthServices): void {
  app.get(
    `${REST_BASE}/users/:customerParam/getCustomerDetails`,
    withRefusals(async (c) => {
      const brand = brandParam(c)
      const lang = optionalLang(c)
      const param = c.req.param('customerParam')!
      if (param === ANONYMOUS_USER) {
        const guid = c.req.query('cartGuid')?.trim()
        const count = guid && (await isAnonymousCart(db, brand, guid)) ? await cartUnitCount(db, guid) : 0
        return c.json(anonymousDetails(c, count))
      }
      const claims = await requireCustomer(c, auth, brand, param)
      const profile = await customerProfile(db, claims.sub)
      if (!profile)
        throw new AccessError(401, 'InvalidTokenError', 'The account of this token no longer exists.')
      const cartCount = await cartUnitCount(db, await customerCartGuid(db, brand, profile.userId))
      return c.json(customerDetails(c, profile, { brand, lang, cartCount }))
    }),
  )

  app.get(
    `${REST_BASE}/users/:customerParam/getAdType`,
    withRefusals(async (c) => {
      const claims = await requireCustomer(c, auth, brandParam(c), c.req.param('customerParam')!)
      const profile = await customerProfile(db, claims.sub)
      if (!profile)
        throw new AccessError(401, 'InvalidTokenError', 'The account of this token no longer exists.')
      return c.json({ adType: profile.adType })
    }),
  )

  // Header spec §7 "customer-service-user data": the agent behind an agent (nobo) token.
  app.get(
    `${REST_BASE}/${CUSTOMER_SERVICE_USER_PATH}`,
    withRefusals(async (c) => {
      const brand = brandParam(c)
      const claims = await requireAccess(c, auth, brand)
      if (claims.csAgentId === undefined)
        throw new AccessError(
          403,
          'ForbiddenError',
          'Customer-service-user data is for agent (nobo) sessions only.',
        )
      const agent = await auth.accounts.findByCustomerId(brand, claims.csAgentId)
      if (agent?.role !== 'agent')
        throw new AccessError(401, 'InvalidTokenError', 'The agent of this token no longer exists.')
      return c.json({ csAgentId: claims.csAgentId, firstName: agent.firstName, lastName: agent.lastName })
    }),
  )

  // Header spec §7: POST, bearer; our answer is a list of coded notices (contracts/siteNotifications.ts).
  app.post(
    `${REST_BASE}/users/:customerParam/getSiteNotifications`,
    withRefusals(async (c) => {
      const claims = await requireCustomer(c, auth, brandParam(c), c.req.param('customerParam')!)
      return c.json({ notifications: await siteNotificationsFor(db, claims.sub) })
    }),
  )

  // Header spec §7: POST getTealiumTags, bearer; the signed-in customer's fields for the tag manager
  // (contracts/tealiumTags.ts). An agent acting for a customer is not that customer's browser: no tags.
  app.post(
    `${REST_BASE}/${TEALIUM_TAGS_PATH}`,
    withRefusals(async (c) => {
      const claims = await requireAccess(c, auth, brandParam(c))
      if (claims.csAgentId !== undefined)
        throw new AccessError(
          403,
          'ForbiddenError',
          'Customer tags are for the customer’s own sessions, not an agent’s.',
        )
      const profile = await customerProfile(db, claims.sub)
      if (!profile)
        throw new AccessError(401, 'InvalidTokenError', 'The account of this token no longer exists.')
      return c.json(tealiumTagsOf(profile))
    }),
  )

  app.get(`${REST_BASE}/getSessionCartGuid`, async (c) => {
    const brand = brandParam(c)
    return c.json({ sessioncartguid: await sessionCartGuid(db, brand, sessionId(c)) })
  })

  // Canada keeps its logged-in cookies in step through this call (header spec §7); other brands have none.
  app.get(`${REST_BASE}/handleLoggedInUserCookies`, (c) => {
    const brand = brandParam(c)
    if (brand !== 'cab2c') {
      throw new ApiError(
        404,
        'NotFoundError',
        `handleLoggedInUserCookies is a cab2c call; ${brand} has none.`,
      )
    }
    return c.body(null, 204)
  })
}

/** The tags of a customer (excluded first: an excluded account is never a member, whatever its flag). */
export function tealiumTagsOf(profile: CustomerProfile): TealiumTags {
  return {
    customer_id: profile.customerId,
    customer_status: 'registered',
    customer_group: profile.userGroup ?? '',
    customer_price_group: profile.priceGroup ?? '',
    customer_loyalty: profile.loyaltyExcluded ? 'excluded' : profile.perksOptIn ? 'member' : 'not member',
    customer_auto_delivery: profile.adType,
  }
}
