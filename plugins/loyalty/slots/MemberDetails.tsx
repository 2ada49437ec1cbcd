import { useEffect } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { useEmit, usePluginOptions } from '../../../kernel/react/PluginBoundary'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { localizedPath } from '../../../site/language'
import type { LoyaltyOrigin } from '../events'
import type { LoyaltyOptions } from '../loyaltyOptions'
import { loyaltyRef } from '../loyaltyRefs'
import { countText, fill } from './labelText'
import styles from './loyalty.module.css'

/** The rewards pages the member panel links to (header spec §2). */
export const REWARDS_PAGE = '/loyalty/rewards'
export const REDEEM_PAGE = '/membership/rewards-catalog'

/**
 * A member's details (header spec §4 "member label with cashback"): the cashback balance as customer
 * data formats it, points and rewards (singular for exactly 1), and the rewards links, each reported
 * (nav spec §7 reward and redeem events). A welcome after the opt-in, until the panel closes: the
 * success flag is then cleared. On a brand with the `superWelcome` option, a super-welcome member
 * (reward data's `isSuperWelcomeUser`) reads their offer.
 */
export function MemberDetails({ cashback, origin }: { cashback: string | undefined; origin: LoyaltyOrigin }) {
  const { labels, lang } = useService(headerContextRef)
  const options = usePluginOptions<LoyaltyOptions>()
  const loyalty = useService(loyaltyRef)
  const emit = useEmit()
  const rewards = useStream(loyalty.rewards$, loyalty.rewards$.value())
  const welcome = useStream(loyalty.welcome$, loyalty.welcome$.value())
  // The welcome was shown in this panel: the flag is cleared when it closes (header spec §4 "stored, then cleared").
  useEffect(() => (welcome ? () => loyalty.acknowledgeWelcome() : undefined), [welcome, loyalty])
  const counts =
    rewards.status === 'success'
      ? { pointsBalance: rewards.data.pointsBalance, activeRewards: rewards.data.activeRewards }
      : { pointsBalance: 0, activeRewards: 0 }
  return (
    <>
      {welcome && (
        <p className={styles.success} role="status">
          {labels['loyalty.optin.success']}
        </p>
      )}
      {cashback && (
        <p className={styles.panelLine}>{fill(labels['loyalty.cashback'], { amount: cashback })}</p>
      )}
      {options.superWelcome && rewards.status === 'success' && rewards.data.isSuperWelcomeUser && (
        <p className={styles.panelLine} data-loyalty="super-welcome">
          {labels['loyalty.super.welcome']}
        </p>
      )}
      {rewards.status === 'success' && (
        <ul className={styles.counts}>
          <li>{countText(labels, 'points', rewards.data.pointsBalance, lang)}</li>
          <li>{countText(labels, 'rewards', rewards.data.activeRewards, lang)}</li>
        </ul>
      )}
      {rewards.status === 'loading' && (
        <p className={styles.panelLine}>{labels['loyalty.rewards.loading']}</p>
      )}
      {rewards.status === 'error' && <p className={styles.panelLine}>{labels['loyalty.rewards.error']}</p>}
      <div className={styles.panelLinks}>
        <a
          href={localizedPath(lang, REWARDS_PAGE)}
          onClick={() => emit('loyalty:rewardsViewed', { ...counts, origin })}
        >
          {labels['loyalty.rewards.view']}
        </a>
        <a
          href={localizedPath(lang, REDEEM_PAGE)}
          onClick={() => emit('loyalty:redeemClicked', { ...counts, origin })}
        >
          {labels['loyalty.redeem']}
        </a>
      </div>
    </>
  )
}
