import type { KernelEvents } from '../../kernel/bus/events'
import type { AnalyticsHandler, TagPayload } from '../../kernel/plugin/definePlugin'
import './events'

/** The programme's name in every loyalty report (nav spec §7 payload field `program`). */
export const LOYALTY_PROGRAM = 'perks'

/** A new perks member (nav spec §7 `loyalty_opt_in`); a repeat of an opt-in already made is not one. */
export function optInTags(e: KernelEvents['loyalty:optedIn']): TagPayload | null {
  if (e.alreadyOptedIn) return null
  return {
    event: 'loyalty_opt_in',
    program: LOYALTY_PROGRAM,
    opt_in_location: e.origin,
    opt_in_by: e.agent ? 'agent' : 'customer',
  }
}

const rewardFields = (e: KernelEvents['loyalty:rewardsViewed']) => ({
  program: LOYALTY_PROGRAM,
  reward_location: e.origin,
  points_balance: e.pointsBalance,
  active_rewards: e.activeRewards,
})

/** "View rewards" followed (nav spec §7 reward events). */
export const rewardTags = (e: KernelEvents['loyalty:rewardsViewed']): TagPayload => ({
  event: 'reward',
  ...rewardFields(e),
})

/** "Redeem" followed (nav spec §7 redeem events). */
export const redeemTags = (e: KernelEvents['loyalty:redeemClicked']): TagPayload => ({
  event: 'redeem',
  ...rewardFields(e),
})

/** A newsletter sign-up from the footer: the newsletter event and the footer's own (nav spec §7). */
export function newsletterTags(e: KernelEvents['newsletter:signedUp']): TagPayload[] {
  return [
    {
      event: 'newsletter_signup',
      signup_location: e.location,
      language: e.lang,
      terms_accepted: e.termsAccepted,
    },
    { event: 'footer_signup', signup_type: 'newsletter' },
  ]
}

/** A sign-up that was sent and failed (nav spec §7 `newsletter_signup_failure`). */
export const newsletterFailureTags = (e: KernelEvents['newsletter:signupFailed']): TagPayload => ({
  event: 'newsletter_signup_failure',
  signup_location: e.location,
  error_code: e.reason,
})

/**
 * The loyalty programme's and the footer newsletter's events and their tag-manager payloads (nav
 * spec §7). "Rewards point failed" is logged by the plugin, not reported to the tag manager.
 */
export const loyaltyAnalytics: readonly AnalyticsHandler[] = [
  { event: 'loyalty:optedIn', tags: (e) => optInTags(e.payload) },
  { event: 'loyalty:rewardsViewed', tags: (e) => rewardTags(e.payload) },
  { event: 'loyalty:redeemClicked', tags: (e) => redeemTags(e.payload) },
  { event: 'newsletter:signedUp', tags: (e) => newsletterTags(e.payload) },
  { event: 'newsletter:signupFailed', tags: (e) => newsletterFailureTags(e.payload) },
]
