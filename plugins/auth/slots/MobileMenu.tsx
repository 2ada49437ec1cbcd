import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { useMediaQuery } from '../../../kernel/react/useMediaQuery'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { liveReplay } from '../../../site/pressRecorder'
import { accountButtonStyles, MenuIcon, MOBILE_MENU_REPLAY_KEY } from './AccountButtonFace'
import styles from './auth.module.css'

const MobileMenuDialog = lazy(() => import('./MobileMenuDialog'))

/** The hamburger exists on phones and tablets only (header spec §9: 991 px and below). */
export const MOBILE_MENU_QUERY = '(max-width: 991px)'

/**
 * The mobile hamburger menu (slot `header.mobileMenu`): a button that opens a full-screen slide-in
 * modal dialog with the greeting and the account links (header spec §2 "Mobile menu"). The dialog
 * (and Floating UI) loads the first time it opens. Above 991 px the slot renders nothing.
 */
export default function MobileMenu() {
  const { labels } = useService(headerContextRef)
  const mobile = useMediaQuery(MOBILE_MENU_QUERY)
  const [open, setOpen] = useState(false)
  const [button, setButton] = useState<HTMLButtonElement | null>(null)
  const dialogId = useId()
  const close = useCallback(() => setOpen(false), [])

  // Widened past the breakpoint with the menu open: the dialog goes with the button.
  useEffect(() => {
    if (!mobile) setOpen(false)
  }, [mobile])

  if (!mobile) return null
  return (
    <>
      <button
        ref={setButton}
        type="button"
        className={accountButtonStyles.hamburger}
        aria-label={labels['header.mobile.menu.open']}
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        {...liveReplay(MOBILE_MENU_REPLAY_KEY)}
      >
        <MenuIcon />
      </button>
      {open && (
        <Suspense fallback={<div className={styles.mobileOverlay} aria-hidden="true" />}>
          <MobileMenuDialog id={dialogId} anchor={button} onClose={close} />
        </Suspense>
      )}
    </>
  )
}
