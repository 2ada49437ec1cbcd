import type { LoyaltyField } from '../../../contracts/loyalty'
import { withoutLangPrefix } from '../../../site/language'

/** The rewards and membership pages, asked with `full` (header spec §2). */
const FULL_PAGES = new Set([
  '/loyalty/rewardsHistory',
  '/membership/point-history',
  '/loyalty/rewards',
  '/membership/rewards-catalog',
  '/new/my-account/my-replenishment',
])

/** Any path containing one of these is asked with `full` too (header spec §2). */
const FULL_PARTS = ['/my-account/my-replenishment', '/my-account', '/replenishment/view-or-edit/']

/**
 * `full` on the routes of header spec §2 when the shopper is signed in, otherwise `basic`. French
 * pages count as their English path (the /fr prefix is the only difference on these routes).
 */
export function rewardField(pathname: string, signedIn: boolean): LoyaltyField {
  if (!signedIn) return 'basic'
  const path = withoutLangPrefix(pathname)
  return FULL_PAGES.has(path) || FULL_PARTS.some((part) => path.includes(part)) ? 'full' : 'basic'
}
