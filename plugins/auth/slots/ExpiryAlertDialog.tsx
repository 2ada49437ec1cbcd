import {
  FloatingFocusManager,
  FloatingOverlay,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react'
import { useId, useRef, useState } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { authSessionRef } from '../authRefs'
import styles from './auth.module.css'
import { useMountedRef } from './useMountedRef'

/**
 * WAI-ARIA alert dialog: modal, focus trapped and starting on "Stay logged in" (the safe choice),
 * Escape is Close. A press on the backdrop does nothing: the warning needs an answer. The page
 * behind does not scroll. "Stay logged in" refreshes through the session; "Log out" signs out with
 * the current path as the referrer; either way the session's warning stream hides the dialog.
 */
export default function ExpiryAlertDialog({ onDismiss }: { onDismiss: () => void }) {
  const { labels, location } = useService(headerContextRef)
  const session = useService(authSessionRef)
  const [busy, setBusy] = useState(false)
  const stayRef = useRef<HTMLButtonElement | null>(null)
  const mounted = useMountedRef()
  const headingId = useId()
  const descriptionId = useId()
  const { refs, context } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onDismiss()
    },
  })
  const { getFloatingProps } = useInteractions([useDismiss(context, { outsidePress: false })])

  const stay = async () => {
    if (busy) return
    setBusy(true)
    await session.staySignedIn()
    if (mounted.current) setBusy(false)
  }

  return (
    <FloatingOverlay lockScroll className={styles.dialogOverlay}>
      <FloatingFocusManager context={context} modal initialFocus={stayRef} returnFocus>
        <div
          {...getFloatingProps({ ref: refs.setFloating })}
          role="alertdialog"
          aria-modal="true"
          aria-labelledby={headingId}
          aria-describedby={descriptionId}
          className={styles.dialog}
        >
          <h2 id={headingId} className={styles.dialogTitle}>
            {labels['session.expiry.heading']}
          </h2>
          <p id={descriptionId}>{labels['session.expiry.description']}</p>
          <div className={styles.dialogActions}>
            <button
              ref={stayRef}
              type="button"
              className={styles.primaryButton}
              aria-disabled={busy || undefined}
              onClick={stay}
            >
              {labels['session.expiry.stay.logged.in']}
            </button>
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => void session.logout({ referrer: location.pathname })}
            >
              {labels['session.expiry.log.out']}
            </button>
          </div>
          <button
            type="button"
            className={`${styles.iconButton} ${styles.dialogClose}`}
            aria-label={labels['session.expiry.close']}
            onClick={onDismiss}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      </FloatingFocusManager>
    </FloatingOverlay>
  )
}
