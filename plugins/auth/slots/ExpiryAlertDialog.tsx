import {
  FloatingFocusManager,
  FloatingOverlay,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react'
import { useEffect, useId, useRef, useState } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { authSessionRef } from '../authRefs'
import { formatTimeLeft, minutesLeft } from '../session/countdown'
import styles from './auth.module.css'
import { CloseButton } from './CloseButton'
import { useMountedRef } from './useMountedRef'

/**
 * WAI-ARIA alert dialog: modal, focus trapped and starting on "Stay logged in" (the safe choice),
 * Escape is Close. A press on the backdrop does nothing: the warning needs an answer. The page
 * behind does not scroll. "Stay logged in" refreshes through the session; "Log out" signs out with
 * the current path as the referrer; either way the session's warning stream hides the dialog.
 *
 * It shows the time left as m:ss, updated each second (a `timer`, which assistive technology does
 * not read out on every change), and says the minutes left politely as each minute ends, so a
 * screen-reader user hears the countdown at most once a minute. A session no longer than
 * the warning's lead is warned halfway through it, and the dialog says why it came so soon.
 */
export default function ExpiryAlertDialog({
  expiresAt,
  shortSessionMs,
  onDismiss,
}: {
  /** When the session ends, epoch ms. */
  expiresAt: number
  /** The whole session's length when it is shorter than the warning's lead (expiryWatch.ts). */
  shortSessionMs?: number | undefined
  onDismiss: () => void
}) {
  const { labels, location } = useService(headerContextRef)
  const session = useService(authSessionRef)
  const [busy, setBusy] = useState(false)
  const stayRef = useRef<HTMLButtonElement | null>(null)
  const mounted = useMountedRef()
  const headingId = useId()
  const descriptionId = useId()
  const timerId = useId()
  const left = useTimeLeft(expiresAt)
  const minutes = minutesLeft(left)
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
          aria-describedby={`${descriptionId} ${timerId}`}
          className={styles.dialog}
        >
          <h2 id={headingId} className={styles.dialogTitle}>
            {labels['session.expiry.heading']}
          </h2>
          <p id={descriptionId}>{labels['session.expiry.description']}</p>
          <p id={timerId} role="timer" className={styles.dialogTimer}>
            {labels['session.expiry.time.left'].replaceAll('{time}', formatTimeLeft(left))}
          </p>
          {shortSessionMs !== undefined && (
            <p>
              {labels['session.expiry.short.session'].replaceAll('{time}', formatTimeLeft(shortSessionMs))}
            </p>
          )}
          {/* Spoken as each minute ends; its first text is there from the start, so only changes speak. */}
          <p className={styles.visuallyHidden} aria-live="polite" aria-atomic="true">
            {minutes === 1
              ? labels['session.expiry.announce.minute']
              : labels['session.expiry.announce.minutes'].replaceAll('{minutes}', String(minutes))}
          </p>
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
          <CloseButton
            label={labels['session.expiry.close']}
            onClick={onDismiss}
            className={styles.dialogClose}
          />
        </div>
      </FloatingFocusManager>
    </FloatingOverlay>
  )
}

/** The time left until `expiresAt`, ms, updated every second. */
function useTimeLeft(expiresAt: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return expiresAt - now
}
