import type { LoyaltyPlace } from './loyaltyOptions'

/** Where a shopper joined or followed a loyalty link: a place of the display, or the join modal. */
export type LoyaltyOrigin = LoyaltyPlace | 'joinModal'

/** What the shopper's rewards were when they followed a rewards link (nav spec §7 reward events). */
export interface RewardCounts {
  pointsBalance: number
  activeRewards: number
}

/**
 * What the loyalty plugin tells the rest of the header. Domain facts only: which tag payloads they
 * become is the manifest's `analytics` map (plugins/loyalty/analytics.ts).
 */
declare module '../../kernel/bus/events' {
  interface KernelEvents {
    /** The perks opt-in succeeded (header spec §4); `agent` when an agent made it for the customer. */
    'loyalty:optedIn': { origin: LoyaltyOrigin; agent: boolean; alreadyOptedIn: boolean }
    /** The shopper followed "View rewards" from the member panel. */
    'loyalty:rewardsViewed': RewardCounts & { origin: LoyaltyOrigin }
    /** The shopper followed "Redeem" from the member panel. */
    'loyalty:redeemClicked': RewardCounts & { origin: LoyaltyOrigin }
    /** Reward data could not be fetched (header spec §8 "rewards point failed"). */
    'loyalty:rewardsPointFailed': { status?: number; errorClass: string }
    /** The footer newsletter's sign-up succeeded (header spec §4 newsletter). */
    'newsletter:signedUp': { location: 'footer'; lang: 'en' | 'fr'; termsAccepted: boolean }
    /** The sign-up was sent and refused or could not be made; `reason` says which. */
    'newsletter:signupFailed': { location: 'footer'; reason: 'invalid' | 'server' | 'network' }
  }
}
