import * as v from 'valibot'
import type { FirstViewProps } from '../../contracts/firstView'
import { defineFirstView } from '../../kernel/plugin/firstView'
import { localizedPath } from '../../site/language'
import { LoyaltyOptionsSchema } from './loyaltyOptions'
import { loyaltyProgrammeOn } from './rules/programme'
import { LoyaltyBadge } from './slots/LoyaltyBadge'
import styles from './slots/loyalty.module.css'

/** The member's loyalty page (header spec §2 `/my-account/loyalty`). */
export const MEMBER_PAGE = '/my-account/loyalty'

/**
 * The header row's loyalty control before this plugin's code has run, in the live control's box: a
 * perks member (the `isPerksOptIn` cookie, signed in) sees the member label linking to their loyalty
 * page, everyone else the join prompt linking to the programme page. Plain links: a press before the
 * plugin starts still gets there. Nothing when the programme is off or the brand shows no loyalty
 * in the header row.
 */
function LoyaltyFirstView({ page, siteConfig, labels, shopper, options }: FirstViewProps) {
  const decoded = v.safeParse(LoyaltyOptionsSchema, options)
  if (!decoded.success || !decoded.output.places.includes('header')) return null
  if (!loyaltyProgrammeOn(siteConfig)) return null
  const member = shopper.signedIn && shopper.perksMember === true
  return (
    <div className={styles.headerBox} data-loyalty="header">
      {member ? (
        <a className={styles.badge} href={localizedPath(page.lang, MEMBER_PAGE)}>
          <LoyaltyBadge title={labels['loyalty.member.label']} detail="" />
        </a>
      ) : (
        <a className={styles.badge} href={decoded.output.programmePage[page.lang]}>
          <LoyaltyBadge title={labels['loyalty.join.button']} detail={labels['loyalty.join.prompt']} />
        </a>
      )}
    </div>
  )
}

export default defineFirstView({
  needs: ['siteConfig', 'shopper'],
  // Shown only while the programme is on (site configuration): from 992 px its box is beside the
  // search box, which would grow and shrink again if a stored copy or the defaults said otherwise.
  followsLiveConfig: true,
  slots: { 'header.loyalty': LoyaltyFirstView },
})
