import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { useService, useServiceHandle } from '../../../kernel/react/KernelProvider'
import { useKeptPresses } from '../../../kernel/react/useKeptPresses'
import { useMediaQuery } from '../../../kernel/react/useMediaQuery'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { BELOW_DESKTOP } from '../../../site/breakpoints'
import { liveReplay, pendingReplay } from '../../../site/pressRecorder'
import { authSessionRef } from '../authRefs'
import { accountButtonStyles, MenuIcon, MOBILE_MENU_REPLAY_KEY } from './AccountButtonFace'
import styles from './auth.module.css'

const MobileMenuDialog = lazy(() => import('./MobileMenuDialog'))

/** The hamburger exists on phones and tablets only (header spec §9: 991 px and below). */
export const MOBILE_MENU_QUERY = BELOW_DESKTOP

/**
 * The mobile hamburger menu (slot `header.mobileMenu`): a button that opens a full-screen slide-in
 * modal dialog with the greeting and the account links (header spec §2 "Mobile menu"). The dialog
 * (and Floating UI) loads the first time it opens. Above 991 px its area is hidden (shell CSS).
 */
export default function MobileMenu() {
  const { labels } = useService(headerContextRef)
  // The dialog shows the shopper's account: until the auth plugin has started (a part hydrated
  // before the kernel), a press on the button is kept, and answered once it can open.
  const ready = useServiceHandle(authSessionRef) !== undefined
  const buttonRef = useRef<HTMLButtonElement | null>(null)
  useKeptPresses(MOBILE_MENU_REPLAY_KEY, ready, buttonRef)
  const mobile = useMediaQuery(MOBILE_MENU_QUERY)
  const [open, setOpen] = useState(false)
  const [button, setButton] = useState<HTMLButtonElement | null>(null)
  const dialogId = useId()
  const close = useCallback(() => setOpen(false), [])

  // Widened past the breakpoint with the menu open: the dialog goes with the button.
  useEffect(() => {
    if (!mobile) setOpen(false)
  }, [mobile])

  // Drawn at every width (the page server cannot know it): the shell shows its area at 991 px and
  // below only, so above it the button takes no room and is hidden from everyone.
  return (
    <>
      <button
        ref={(el) => {
          buttonRef.current = el
          setButton(el)
        }}
        type="button"
        className={accountButtonStyles.hamburger}
        aria-label={labels['header.mobile.menu.open']}
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        {...(ready ? liveReplay(MOBILE_MENU_REPLAY_KEY) : pendingReplay(MOBILE_MENU_REPLAY_KEY))}
      >
        <MenuIcon />
      </button>
      {open && mobile && (
        <Suspense fallback={<div className={styles.mobileOverlay} aria-hidden="true" />}>
          <MobileMenuDialog id={dialogId} anchor={button} onClose={close} />
        </Suspense>
      )}
    </>
  )
}
