/**
 * The loyalty programme's wire shapes (header spec §3, §5, §7, §8), shared by the header's loyalty
 * plugin, which sends and decodes with them, and the reference server, which validates with them:
 * reward data (`fetchLoyaltyDetails`), the perks opt-in, the loyalty programme sign-up, referrals
 * and the footer newsletter (`kpcEmailSignup`). Every call here but the newsletter needs a signed-in
 * bearer token (header spec §6 "Loyalty and perks opt-in need a logged-in bearer token").
 *
 * Paths are relative to the kernel HTTP client's base, `rest/v2/{brand}/`, except
 * LOYALTY_DETAILS_PATH, which the spec places under `rest/v1/lms/usb2c/` for every brand.
 */
import * as v from 'valibot'

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** A customer id or agent id as the account layer issues them (fixtures/accounts.ts, migration 0005). */
const Identifier = v.pipe(v.string(), v.trim(), v.regex(/^[\w.-]{1,64}$/, 'an id (letters, digits, . _ -)'))

/** An e-mail the account layer accepts (the same rule as contracts/auth.ts). */
const Email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(), v.maxLength(254))

/** Money as customer data sends it (header spec §3 `loyaltyCashbackBalance` with `formattedValue`). */
export const MoneySchema = v.object({
  /** Ready to show: `$4.50` in English, `4,50 $` in French, in the brand's currency. */
  formattedValue: v.string(),
  /** In the currency's main unit (4.5 for $4.50). */
  value: v.optional(v.number(), 0),
})
export type Money = v.InferOutput<typeof MoneySchema>

// ---------------------------------------------------------------------------------------------
// Reward data: GET rest/v1/lms/usb2c/fetchLoyaltyDetails?customerId&field (bearer)

/**
 * Absolute (from the site root), not under `rest/v2/{brand}`: the spec's path names `usb2c` for
 * every brand (the loyalty management system's tenant), so the brand of the answer is the bearer
 * token's.
 */
export const LOYALTY_DETAILS_PATH = '/rest/v1/lms/usb2c/fetchLoyaltyDetails'

/**
 * How much reward data to fetch (header spec §3): `basic` (points and reward counts, the header's label) by
 * default; `full` (also the rewards themselves and the cashback) on the header spec §2 reward routes when signed in.
 */
export const LOYALTY_FIELDS = ['basic', 'full'] as const
export type LoyaltyField = (typeof LOYALTY_FIELDS)[number]
export const DEFAULT_LOYALTY_FIELD: LoyaltyField = 'basic'

/** The query of fetchLoyaltyDetails. */
export const LoyaltyDetailsQuerySchema = v.object({
  customerId: Identifier,
  field: v.optional(v.picklist(LOYALTY_FIELDS), DEFAULT_LOYALTY_FIELD),
})
export type LoyaltyDetailsQuery = v.InferInput<typeof LoyaltyDetailsQuerySchema>

/** One reward a member may redeem (`field=full`). */
export const LoyaltyRewardSchema = v.object({
  code: v.string(),
  /** Display name, in the language asked for. */
  name: v.string(),
  /** What it is worth, ready to show. */
  value: MoneySchema,
  /** Last day it can be redeemed, `YYYY-MM-DD`. */
  expiresOn: v.string(),
})
export type LoyaltyReward = v.InferOutput<typeof LoyaltyRewardSchema>

const Count = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0)

/**
 * `success.data` of reward data (header spec §3): `pointsBalance` and `activeRewards` always (default 0; the
 * singular label is for exactly 1, see isSingularCount); the rest only with `field=full`.
 */
export const LoyaltyDetailsSchema = v.object({
  pointsBalance: Count,
  activeRewards: Count,
  /** field=full: the member's cashback, the same money as customer data's loyaltyCashbackBalance. */
  cashbackBalance: v.optional(MoneySchema),
  /** field=full: the rewards counted by `activeRewards`, soonest to expire first. */
  rewards: v.optional(v.array(LoyaltyRewardSchema)),
  /** field=full: points still to earn before the next reward (1 to the points one reward costs). */
  pointsToNextReward: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** field=full: a super-welcome (SWU) member, a Canadian welcome offer (header spec §6). */
  isSuperWelcomeUser: v.optional(v.boolean()),
  /** field=full: when the customer joined the programme, ISO 8601; absent for non-members. */
  memberSince: v.optional(v.string()),
})
export type LoyaltyDetails = v.InferOutput<typeof LoyaltyDetailsSchema>

/** The whole answer of fetchLoyaltyDetails: the data under `success.data` (header spec §3 "success.data"). */
export const LoyaltyDetailsResponseSchema = v.object({
  success: v.object({ data: LoyaltyDetailsSchema }),
})
export type LoyaltyDetailsResponse = v.InferOutput<typeof LoyaltyDetailsResponseSchema>

export { isSingularCount } from './counts'

// ---------------------------------------------------------------------------------------------
// Perks opt-in: PUT users/{customerParam}/updatePerksOptIn (bearer)

/** `customerParam` is `current`, or the customer's id in an agent (nobo) session (header spec §6). */
export const PERKS_OPT_IN_PATH = (customerParam: string) =>
  `users/${encodeURIComponent(customerParam)}/updatePerksOptIn`

/**
 * Header spec §3 "Perks opt-in payload: perksOptIn boolean, csAgentId when agent". The box must be ticked (header spec §5
 * "Required"), so only `true` is accepted; an agent session sends its own `csAgentId`.
 */
export const PerksOptInRequestSchema = v.object({
  perksOptIn: v.literal(true),
  csAgentId: v.optional(Identifier),
})
export type PerksOptInRequest = v.InferInput<typeof PerksOptInRequestSchema>

/**
 * 200 for the first opt-in and for every repeat (a double click, a retry, a second tab): one
 * opt-in is kept; `alreadyOptedIn` says whether this call found it made already.
 */
export const PerksOptInResponseSchema = v.object({
  perksOptIn: v.literal(true),
  /** Header spec §4: the success flag the header stores, then clears. */
  perksOptInSuccess: v.literal(true),
  /**
   * Ours: the opt-in joined the loyalty programme in the same transaction (a perks member is one),
   * so the header makes one call, not this one and `loyaltyProgramSignup` after it.
   */
  loyaltyProgramOptIn: v.literal(true),
  alreadyOptedIn: v.boolean(),
})
export type PerksOptInResponse = v.InferOutput<typeof PerksOptInResponseSchema>

// ---------------------------------------------------------------------------------------------
// Loyalty programme sign-up: POST users/current/loyaltyProgramSignup (bearer)

export const LOYALTY_PROGRAM_SIGNUP_PATH = 'users/current/loyaltyProgramSignup'

/** Header spec §3 "Loyalty opt-in form: loyaltyProgramOptIn boolean"; it must be ticked (header spec §5 "Required"). */
export const LoyaltyProgramSignupRequestSchema = v.object({ loyaltyProgramOptIn: v.literal(true) })
export type LoyaltyProgramSignupRequest = v.InferInput<typeof LoyaltyProgramSignupRequestSchema>

/** 200 the first time and for every repeat; `alreadyMember` says whether this call found it done. */
export const LoyaltyProgramSignupResponseSchema = v.object({
  loyaltyProgramOptIn: v.literal(true),
  alreadyMember: v.boolean(),
})
export type LoyaltyProgramSignupResponse = v.InferOutput<typeof LoyaltyProgramSignupResponseSchema>

/** Header spec §5: the error text of the unticked loyalty (and perks) opt-in box. */
export const OPT_IN_REQUIRED_TEXT = 'Required'

// ---------------------------------------------------------------------------------------------
// Referral: POST users/current/submitReferral (bearer; payload "not shown" in the spec, ours)

export const SUBMIT_REFERRAL_PATH = 'users/current/submitReferral'

/** A signed-in customer refers a friend by e-mail. */
export const ReferralRequestSchema = v.object({
  email: Email,
  firstName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60)), ''),
})
export type ReferralRequest = v.InferInput<typeof ReferralRequestSchema>

/**
 * 200 either way: `referred` the first time, `alreadyReferred` when this customer had referred that
 * e-mail before (one referral is kept). Whether the friend has an account is never said.
 */
export const ReferralResponseSchema = v.object({ status: v.picklist(['referred', 'alreadyReferred']) })
export type ReferralResponse = v.InferOutput<typeof ReferralResponseSchema>

// ---------------------------------------------------------------------------------------------
// Newsletter: POST kpcEmailSignup?lang, form-encoded (no token)

export const NEWSLETTER_SIGNUP_PATH = 'kpcEmailSignup'

/**
 * Header spec §5 "basic email pattern with a top-level domain of at least 2 letters": something without spaces
 * or @, an @, a domain, a dot and 2+ letters. The form checks it as the shopper types; the server
 * refuses anything else.
 */
export const NEWSLETTER_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/

export const isNewsletterEmail = (email: string): boolean => NEWSLETTER_EMAIL_PATTERN.test(email.trim())

/** Labels of the newsletter form's messages (header spec §5, §8): EN and FR in contracts/labels*.ts. */
export const NEWSLETTER_LABELS = {
  invalidEmail: 'enter.valid.email.message',
  termsRequired: 'accept.terms.condition.message',
} as const

/**
 * Header spec §3 "form with email and a subscribe checkbox", sent form-encoded (`email=…&subscribe=true`).
 * `subscribe` is the terms box: the form requires it on cab2c when the config has checkboxContent
 * (header spec §5), which only the form knows; the server records whether it was ticked.
 */
export const NewsletterSignupRequestSchema = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(254),
    v.regex(NEWSLETTER_EMAIL_PATTERN, 'an e-mail address'),
    v.toLowerCase(),
  ),
  subscribe: v.optional(v.boolean(), false),
})
export type NewsletterSignupRequest = v.InferInput<typeof NewsletterSignupRequestSchema>

/** Form field names, for the form-encoded body. */
export const NEWSLETTER_FORM_FIELDS = { email: 'email', subscribe: 'subscribe' } as const

/**
 * The same 200 `subscribed` for a new subscription and a repeat (one subscription is kept): the
 * friendly answer, and nobody learns from it who is on the list.
 */
export const NewsletterSignupResponseSchema = v.object({ status: v.literal('subscribed') })
export type NewsletterSignupResponse = v.InferOutput<typeof NewsletterSignupResponseSchema>
