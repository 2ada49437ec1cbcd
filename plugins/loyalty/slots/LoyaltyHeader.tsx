import { lazy, Suspense, useState } from 'react'
import { AUTH_COOKIES } from '../../../contracts/auth'
import { useService } from '../../../kernel/react/KernelProvider'
import { usePluginOptions } from '../../../kernel/react/PluginBoundary'
import { useStream } from '../../../kernel/react/useStream'
import { cookiesRef, headerContextRef } from '../../../kernel/services/kernelRefs'
import { localizedPath } from '../../../site/language'
import { MEMBER_PAGE } from '../firstView'
import type { LoyaltyOptions } from '../loyaltyOptions'
import { loyaltyRef } from '../loyaltyRefs'
import { loyaltyProgrammeOn } from '../rules/programme'
import { ExcludedInfo } from './ExcludedInfo'
import { LoyaltyBadge } from './LoyaltyBadge'
import { fill } from './labelText'
import styles from './loyalty.module.css'

// The modal (with Floating UI and the opt-in form) loads the first time the shopper shows intent.
const loadJoinModal = () => import('../modal/JoinModal')
const JoinModal = lazy(loadJoinModal)

/**
 * The header row's loyalty control (slot `header.loyalty`, from 992 px): the member label with the
 * cashback for a perks member (to their loyalty page), the info tooltip for an excluded customer
 * where the brand says so, and otherwise the join prompt, whose button opens the rewards join modal.
 * Always the first view's box, so nothing moves; nothing at all when the programme is off or the
 * brand shows no loyalty here.
 */
export default function LoyaltyHeader() {
  const options = usePluginOptions<LoyaltyOptions>()
  const { labels, lang, siteConfig } = useService(headerContextRef)
  const cookies = useService(cookiesRef)
  const loyalty = useService(loyaltyRef)
  const display = useStream(loyalty.display$, loyalty.display$.value())
  const [button, setButton] = useState<HTMLButtonElement | null>(null)
  const [open, setOpen] = useState(false)
  if (!options.places.includes('header') || !loyaltyProgrammeOn(siteConfig)) return null

  const memberGuess = display.kind === 'pending' && cookies.get(AUTH_COOKIES.isPerksOptIn) === 'true'
  let face: React.ReactNode
  if (display.kind === 'member' || memberGuess) {
    const cashback = display.kind === 'member' ? display.cashback : undefined
    face = (
      <a className={styles.badge} href={localizedPath(lang, MEMBER_PAGE)}>
        <LoyaltyBadge
          title={labels['loyalty.member.label']}
          detail={cashback ? fill(labels['loyalty.cashback'], { amount: cashback }) : ''}
        />
      </a>
    )
  } else if (display.kind === 'excluded') {
    face = <ExcludedInfo variant="header" />
  } else if (display.kind === 'off') {
    face = null // customer data could not be read: the box stays, empty, so nothing moves
  } else {
    face = (
      <button
        ref={setButton}
        type="button"
        className={styles.badge}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadJoinModal()}
        onFocus={() => void loadJoinModal()}
        onClick={() => setOpen(true)}
      >
        <LoyaltyBadge title={labels['loyalty.join.button']} detail={labels['loyalty.join.prompt']} />
      </button>
    )
  }
  return (
    <div className={styles.headerBox} data-loyalty="header" data-display={display.kind}>
      {face}
      {open && (
        <Suspense fallback={null}>
          <JoinModal origin="header" anchor={button} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  )
}
