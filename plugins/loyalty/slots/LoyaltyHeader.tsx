import { lazy, Suspense, useEffect, useState } from 'react'
import { AUTH_COOKIES } from '../../../contracts/authCookies'
import type { FirstViewShopper } from '../../../contracts/firstView'
import { SERVED_SHOPPER } from '../../../contracts/servedState'
import { useServed, useService, useServiceHandle } from '../../../kernel/react/KernelProvider'
import { usePluginOptions } from '../../../kernel/react/PluginBoundary'
import { useHydrated } from '../../../kernel/react/useHydrated'
import { unchanging, useStream } from '../../../kernel/react/useStream'
import { cookiesRef, headerContextRef } from '../../../kernel/services/kernelRefs'
import { localizedPath } from '../../../site/language'
import type { LoyaltyOptions } from '../loyaltyOptions'
import { joinModalRef, loyaltyRef } from '../loyaltyRefs'
import type { LoyaltyDisplay } from '../rules/loyaltyDisplay'
import { loyaltyProgrammeOn } from '../rules/programme'
import { ExcludedInfo } from './ExcludedInfo'
import { LoyaltyBadge } from './LoyaltyBadge'
import { fill } from './labelText'
import styles from './loyalty.module.css'

/** The member's loyalty page (header spec §2 `/my-account/loyalty`). */
export const MEMBER_PAGE = '/my-account/loyalty'

/** What the control shows until the loyalty service has started: nothing is known yet. */
const PENDING = unchanging<LoyaltyDisplay>({ kind: 'pending' })

// The modal (with Floating UI and the opt-in form) loads the first time the shopper shows intent.
const loadJoinModal = () => import('../modal/JoinModal')
const JoinModal = lazy(loadJoinModal)

/**
 * The header row's loyalty control (slot `header.loyalty`, from 992 px): the member label with the
 * cashback for a perks member (to their loyalty page), the info tooltip for an excluded customer
 * where the brand says so, and otherwise the join prompt, whose button opens the rewards join modal.
 * Drawn once: the page server renders it and the browser hydrates it before the kernel, when the
 * shopper's display is not known yet. A perks member (the `isPerksOptIn` cookie; signed in, as the
 * page server read it) sees the member label at once; everyone else the join prompt, a link to the
 * programme page until the loyalty service can open the modal. Nothing at all when the programme is
 * off or the brand shows no loyalty here.
 */
export default function LoyaltyHeader() {
  const options = usePluginOptions<LoyaltyOptions>()
  const { labels, lang, siteConfig } = useService(headerContextRef)
  const cookies = useServiceHandle(cookiesRef)
  const served = useServed<FirstViewShopper>(SERVED_SHOPPER)
  const loyalty = useServiceHandle(loyaltyRef)
  const display = useStream(loyalty?.display$ ?? PENDING, { kind: 'pending' } as LoyaltyDisplay)
  const hydrated = useHydrated()
  const [button, setButton] = useState<HTMLButtonElement | null>(null)
  const [open, setOpen] = useState(false)
  // While the join button is on screen, a link naming `openJoinModal` opens its modal here.
  const joinRequests = useServiceHandle(joinModalRef)
  useEffect(
    () => (button && joinRequests ? joinRequests.listen(() => setOpen(true)) : undefined),
    [button, joinRequests],
  )
  if (!options.places.includes('header') || !loyaltyProgrammeOn(siteConfig)) return null

  const perksCookie = cookies
    ? cookies.get(AUTH_COOKIES.isPerksOptIn) === 'true'
    : served?.signedIn === true && served.perksMember === true
  const memberGuess = display.kind === 'pending' && perksCookie
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
  } else if (!loyalty || !hydrated) {
    // Before the service: the programme page, a plain link that gets there whatever has loaded.
    face = (
      <a className={styles.badge} href={options.programmePage[lang]}>
        <LoyaltyBadge title={labels['loyalty.join.button']} detail={labels['loyalty.join.prompt']} />
      </a>
    )
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
