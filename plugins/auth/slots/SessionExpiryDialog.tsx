import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { authSessionRef } from '../authRefs'

const ExpiryAlertDialog = lazy(() => import('./ExpiryAlertDialog'))

/**
 * The session-expiry dialog (slot `header.sessionDialog`, header spec §4). The session decides when
 * to warn (lead time, toggle, logged in, no agent session) through `expiryWarning$`; this shows the
 * alert dialog while it says so. Close hides it until the next warning (a new expiry time, or after
 * the session has said `show: false`); the dialog's code loads only when a warning first shows.
 */
export default function SessionExpiryDialog() {
  const session = useService(authSessionRef)
  const warning = useStream(session.expiryWarning$, session.expiryWarning$.value())
  const [dismissedFor, setDismissedFor] = useState<number | null>(null)

  useEffect(() => {
    if (!warning.show) setDismissedFor(null)
  }, [warning.show])
  const expiresAt = warning.show ? warning.expiresAt : null
  const dismiss = useCallback(() => setDismissedFor(expiresAt), [expiresAt])

  if (!warning.show || warning.expiresAt === dismissedFor) return null
  return (
    <Suspense fallback={null}>
      <ExpiryAlertDialog
        expiresAt={warning.expiresAt}
        shortSessionMs={warning.shortSessionMs}
        onDismiss={dismiss}
      />
    </Suspense>
  )
}
