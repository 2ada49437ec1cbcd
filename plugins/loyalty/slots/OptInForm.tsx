import { type FormEvent, useId, useRef, useState } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import type { LoyaltyOrigin } from '../events'
import { loyaltyRef } from '../loyaltyRefs'
import styles from './loyalty.module.css'

/**
 * The perks opt-in form (header spec §2 loyalty opt-in form, header spec §4, §5): the box must be ticked, else
 * "Required" and the focus goes back to it; while the call is out the button is disabled (a double
 * click sends once); a failure keeps the box as it was and says so: "try again", or, when the store
 * refused the account (403, a loyalty-excluded customer), why it cannot join. Success is the member panel's
 * welcome: the display switches to the member's.
 */
export function OptInForm({ origin }: { origin: LoyaltyOrigin }) {
  const { labels } = useService(headerContextRef)
  const loyalty = useService(loyaltyRef)
  const state = useStream(loyalty.optIn$, loyalty.optIn$.value())
  const [ticked, setTicked] = useState(false)
  const [required, setRequired] = useState(false)
  const box = useRef<HTMLInputElement | null>(null)
  const requiredId = useId()
  const errorId = useId()
  const sending = state.status === 'sending'

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (sending) return
    if (!ticked) {
      setRequired(true)
      box.current?.focus()
      return
    }
    void loyalty.optIn(origin)
  }

  return (
    <form className={styles.form} noValidate onSubmit={submit} data-loyalty-form="opt-in">
      <label className={styles.check}>
        <input
          ref={box}
          type="checkbox"
          checked={ticked}
          aria-required="true"
          aria-invalid={required && !ticked}
          aria-describedby={required && !ticked ? requiredId : undefined}
          onChange={(e) => {
            setTicked(e.target.checked)
            if (e.target.checked) setRequired(false)
          }}
        />
        <span>{labels['loyalty.optin.checkbox']}</span>
      </label>
      {required && !ticked && (
        <p id={requiredId} className={styles.error} role="alert">
          {labels['loyalty.optin.required']}
        </p>
      )}
      {state.status === 'failed' && (
        <p id={errorId} className={styles.error} role="alert">
          {state.refused ? labels['loyalty.excluded.info'] : labels['loyalty.optin.error']}
        </p>
      )}
      <div>
        <button type="submit" className={styles.primary} disabled={sending}>
          {sending ? labels['loyalty.optin.sending'] : labels['loyalty.optin.submit']}
        </button>
      </div>
    </form>
  )
}
