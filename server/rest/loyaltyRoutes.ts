import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import {
  LOYALTY_DETAILS_PATH,
  LOYALTY_PROGRAM_SIGNUP_PATH,
  LoyaltyDetailsQuerySchema,
  LoyaltyProgramSignupRequestSchema,
  PerksOptInRequestSchema,
  ReferralRequestSchema,
  SUBMIT_REFERRAL_PATH,
} from '../../contracts/loyalty'
import { CURRENT_USER, requireAccess, requireCustomer } from '../auth/account/customerAccess'
import type { AccessClaims, AuthServices } from '../auth/authTypes'
import { AccessError, withRefusals } from '../auth/refusals'
import { requestBrand } from '../auth/requestContext'
import type { Database } from '../db/database'
import { validationError } from '../http/apiError'
import { describeBodyIssues } from '../http/describeBodyIssues'
import { readBody } from '../http/readBody'
import { loyaltyDetails } from '../loyalty/loyaltyDetails'
import { isLoyaltyExcluded, optInToPerks, signUpForLoyalty } from '../loyalty/optIns'
import { recordReferral } from '../loyalty/referrals'
import { REST_BASE } from './cmsRoutes'
import { brandParam, optionalLang } from './params'

const fail = (message: string) => validationError(message, 'invalid')

/** The query of `c` decoded by `schema`; 400 naming the wrong parameters otherwise. */
function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const result = v.safeParse(schema, c.req.query())
  if (result.success) return result.output
  throw fail(`Wrong query parameters: ${describeBodyIssues(result.issues)}`)
}

/** Loyalty-excluded customers (header spec §6) cannot join, opt in or refer: 403, saying so. */
async function refuseExcluded(db: Database, claims: AccessClaims, what: string): Promise<void> {
  if (await isLoyaltyExcluded(db, claims.sub)) {
    throw new AccessError(
      403,
      'ForbiddenError',
      `This customer is excluded from the loyalty programme, so ${what} is not possible.`,
    )
  }
}

/**
 * Header spec §3 "csAgentId when agent": an agent session names itself, and only itself; a customer's own
 * session sends none. Returns the agent to record with the opt-in.
 */
function agentOf(claims: AccessClaims, sent: string | undefined): string | undefined {
  if (claims.csAgentId === undefined) {
    if (sent === undefined) return undefined
    throw new AccessError(
      403,
      'ForbiddenError',
      "'csAgentId' is for agent (nobo) sessions; a customer's own opt-in sends perksOptIn only.",
    )
  }
  if (sent === undefined)
    throw validationError(
      "Wrong request body: 'csAgentId' is missing: an agent session sends its own with the opt-in.",
      'missing',
    )
  if (sent !== claims.csAgentId)
    throw new AccessError(403, 'ForbiddenError', "'csAgentId' must be the agent of this session's token.")
  return sent
}

/**
 * The loyalty calls of header spec §7, each needing a signed-in bearer token (header spec §6): reward data
 * (`fetchLoyaltyDetails`, under rest/v1/lms as the spec places it), the perks opt-in, the programme
 * sign-up and referrals. Repeats are answered 200 and stored once (server/loyalty/*).
 */
export function registerLoyaltyRoutes(app: Hono, db: Database, auth: AuthServices): void {
  // GET rest/v1/lms/usb2c/fetchLoyaltyDetails?customerId&field: `usb2c` is the loyalty system's
  // tenant for every brand, so the brand is the caller's (x-brand-agent, else the host), as its token's.
  app.get(
    LOYALTY_DETAILS_PATH,
    withRefusals(async (c) => {
      const brand = requestBrand(c)
      const claims = await requireAccess(c, auth, brand)
      const query = readQuery(c, LoyaltyDetailsQuerySchema)
      const lang = optionalLang(c)
      if (query.customerId !== claims.customerId) {
        throw new AccessError(
          403,
          'ForbiddenError',
          "The access token may read only its own reward data: 'customerId' must be its customer's id.",
        )
      }
      c.header('cache-control', 'no-store')
      const data = await loyaltyDetails(db, claims.sub, { field: query.field, brand, lang })
      return c.json({ success: { data } })
    }),
  )

  // PUT users/{customerParam}/updatePerksOptIn { perksOptIn: true, csAgentId? }: joins the programme
  // too, in the same transaction (loyalty/optIns.ts).
  app.put(
    `${REST_BASE}/users/:customerParam/updatePerksOptIn`,
    withRefusals(async (c) => {
      const claims = await requireCustomer(c, auth, brandParam(c), c.req.param('customerParam')!)
      const body = await readBody(c, PerksOptInRequestSchema, { fail, booleans: ['perksOptIn'] })
      const agent = agentOf(claims, body.csAgentId)
      await refuseExcluded(db, claims, 'a perks opt-in')
      const { already } = await optInToPerks(db, claims.sub, agent)
      return c.json({
        perksOptIn: true,
        perksOptInSuccess: true,
        loyaltyProgramOptIn: true,
        alreadyOptedIn: already,
      })
    }),
  )

  // POST users/current/loyaltyProgramSignup { loyaltyProgramOptIn: true }
  app.post(
    `${REST_BASE}/${LOYALTY_PROGRAM_SIGNUP_PATH}`,
    withRefusals(async (c) => {
      const claims = await requireCustomer(c, auth, brandParam(c), CURRENT_USER)
      await readBody(c, LoyaltyProgramSignupRequestSchema, { fail, booleans: ['loyaltyProgramOptIn'] })
      await refuseExcluded(db, claims, 'joining the programme')
      const { already } = await signUpForLoyalty(db, claims.sub, claims.csAgentId)
      return c.json({ loyaltyProgramOptIn: true, alreadyMember: already })
    }),
  )

  // POST users/current/submitReferral { email, firstName? } (payload not shown in the spec: ours)
  app.post(
    `${REST_BASE}/${SUBMIT_REFERRAL_PATH}`,
    withRefusals(async (c) => {
      const claims = await requireCustomer(c, auth, brandParam(c), CURRENT_USER)
      const friend = await readBody(c, ReferralRequestSchema, { fail })
      const me = await auth.accounts.findUser(claims.sub)
      if (!me) throw new AccessError(401, 'InvalidTokenError', 'The account of this token no longer exists.')
      if (me.email === friend.email)
        throw fail("Wrong request body: 'email' is the customer's own: refer a friend's e-mail.")
      await refuseExcluded(db, claims, 'a referral')
      return c.json({ status: await recordReferral(db, claims.sub, friend) })
    }),
  )
}
