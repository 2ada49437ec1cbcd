import { lazy, Suspense, useState } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { usePluginOptions } from '../../../kernel/react/PluginBoundary'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import type { LoyaltyOptions, LoyaltyPlace } from '../loyaltyOptions'
import { loyaltyRef } from '../loyaltyRefs'
import { ReferFriend } from '../referral/ReferFriend'
import { ExcludedInfo } from './ExcludedInfo'
import { StarIcon } from './LoyaltyBadge'
import styles from './loyalty.module.css'

const JoinModal = lazy(() => import('../modal/JoinModal'))

import { MemberDetails } from './MemberDetails'
import { OptInForm } from './OptInForm'

/**
 * The loyalty display inside a menu (nested slots `header.account.loyalty` and
 * `header.mobileMenu.loyalty`), where the brand shows it (header spec §4): the member's details, the
 * opt-in form, the excluded customer's info tooltip, or, for a visitor in the phone menu, the prompt
 * with a link to the programme page (the menu's own Log In and Create Account buttons sign in). A
 * member can refer a friend from here.
 */
function LoyaltyPanel({ place }: { place: Exclude<LoyaltyPlace, 'header'> }) {
  const options = usePluginOptions<LoyaltyOptions>()
  const { labels, lang } = useService(headerContextRef)
  const loyalty = useService(loyaltyRef)
  const display = useStream(loyalty.display$, loyalty.display$.value())
  const [button, setButton] = useState<HTMLButtonElement | null>(null)
  const [open, setOpen] = useState(false)
  if (!options.places.includes(place)) return null
  if (display.kind === 'off' || display.kind === 'pending') return null
  const title = display.kind === 'member' ? labels['loyalty.member.label'] : labels['loyalty.optin.heading']
  return (
    <section className={styles.panel} aria-label={labels['loyalty.programme.name']} data-loyalty={place}>
      {display.kind === 'excluded' ? (
        <ExcludedInfo variant="panel" />
      ) : (
        <p className={styles.panelHead}>
          <StarIcon size={18} />
          {title}
        </p>
      )}
      {display.kind === 'member' && (
        <>
          <MemberDetails cashback={display.cashback} origin={place} />
          {/* Members only: the server refuses visitors and excluded customers (403) anyway. */}
          <ReferFriend origin={place} />
        </>
      )}
      {display.kind === 'optIn' && (
        <>
          <p className={styles.panelLine}>{labels['loyalty.optin.text']}</p>
          <OptInForm origin={place} />
        </>
      )}
      {display.kind === 'visitor' && <p className={styles.panelLine}>{labels['loyalty.optin.text']}</p>}
      {/* The phone menu has no header row: the join modal (and its carousel) opens from here. */}
      {place === 'phoneMenu' && (display.kind === 'visitor' || display.kind === 'optIn') && (
        <div className={styles.panelLinks}>
          <button
            ref={setButton}
            type="button"
            className={styles.textButton}
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            {labels['loyalty.learn.more']}
          </button>
          <a href={options.programmePage[lang]}>{labels['loyalty.programme.name']}</a>
        </div>
      )}
      {open && (
        <Suspense fallback={null}>
          <JoinModal origin={place} anchor={button} onClose={() => setOpen(false)} inline />
        </Suspense>
      )}
    </section>
  )
}

export const AccountMenuLoyalty = () => <LoyaltyPanel place="accountMenu" />
export const PhoneMenuLoyalty = () => <LoyaltyPanel place="phoneMenu" />
