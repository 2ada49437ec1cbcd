import { type FormEvent, useId, useRef, useState } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import type { LoyaltyOrigin } from '../events'
import { referralRef } from '../loyaltyRefs'
import { isNewsletterEmail, NEWSLETTER_EMAIL_MAX, NEWSLETTER_MESSAGES } from '../rules/newsletterRules'
import styles from '../slots/loyalty.module.css'
import { REFERRAL_FIRST_NAME_MAX } from './referralService'

/**
 * "Refer a friend" in a member's panel (header spec §7 submitReferral): a disclosure button opening
 * a form with the friend's e-mail (required; the header spec §5 message shows only while the field has focus, as
 * in the footer newsletter) and an optional first name. While the call is out the button is
 * disabled (a double click sends once); a failure keeps what was typed and says what went wrong;
 * success says "Invitation sent", or that this friend was invited before, and empties the form for
 * the next friend.
 */
export function ReferFriend({ origin }: { origin: LoyaltyOrigin }) {
  const { labels } = useService(headerContextRef)
  const referral = useService(referralRef)
  const state = useStream(referral.state$, referral.state$.value())
  const [open, setOpen] = useState(false)
  const [email, setEmail] = useState('')
  const [firstName, setFirstName] = useState('')
  const [emailFocused, setEmailFocused] = useState(false)
  const [tried, setTried] = useState(false)
  // Only this form's own answer is shown (the account menu and the phone menu each have one).
  const [submitted, setSubmitted] = useState(false)
  const emailRef = useRef<HTMLInputElement | null>(null)
  const id = useId()
  const formId = `${id}-form`
  const emailErrorId = `${id}-email-error`
  const outcomeId = `${id}-outcome`

  const emailValid = isNewsletterEmail(email)
  const showEmailError = emailFocused && !emailValid && (tried || email !== '')
  const sending = state.status === 'sending'
  const failure = submitted && state.status === 'failed' ? state.message : undefined
  const done = submitted && state.status === 'done' ? state.result : undefined
  const emailRefused = failure === 'loyalty.referral.error.email'

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (sending) return
    setTried(true)
    if (!emailValid) return emailRef.current?.focus()
    setSubmitted(true)
    const referred = await referral.referFriend({ email, firstName }, origin)
    if (referred) {
      setEmail('')
      setFirstName('')
      setTried(false)
    }
    // The button was disabled under the shopper's focus: give it back to the form.
    if (!document.activeElement || document.activeElement === document.body) emailRef.current?.focus()
  }

  const describedBy = [showEmailError && emailErrorId, emailRefused && outcomeId].filter(Boolean).join(' ')
  return (
    <div className={styles.referral} data-loyalty-referral={origin}>
      <button
        type="button"
        className={styles.textButton}
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((was) => !was)}
      >
        {labels['loyalty.referral.toggle']}
      </button>
      <form
        id={formId}
        className={styles.form}
        noValidate
        hidden={!open}
        aria-label={labels['loyalty.referral.toggle']}
        onSubmit={submit}
        data-loyalty-form="referral"
      >
        <p className={styles.panelLine}>{labels['loyalty.referral.text']}</p>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-email`}>
            {labels['loyalty.referral.email.label']}
          </label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            className={styles.input}
            type="email"
            name="friendEmail"
            autoComplete="off"
            required
            maxLength={NEWSLETTER_EMAIL_MAX}
            value={email}
            aria-invalid={(tried && !emailValid) || emailRefused}
            aria-describedby={describedBy || undefined}
            onChange={(e) => setEmail(e.target.value)}
            onFocus={() => setEmailFocused(true)}
            onBlur={() => setEmailFocused(false)}
          />
          {showEmailError && (
            <p id={emailErrorId} className={styles.error} role="alert">
              {labels[NEWSLETTER_MESSAGES.email]}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-name`}>
            {labels['loyalty.referral.name.label']}
          </label>
          <input
            id={`${id}-name`}
            className={styles.input}
            type="text"
            name="friendFirstName"
            autoComplete="off"
            maxLength={REFERRAL_FIRST_NAME_MAX}
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
          />
        </div>
        {failure && (
          <p id={outcomeId} className={styles.error} role="alert">
            {labels[failure]}
          </p>
        )}
        {done && (
          <p id={outcomeId} className={styles.success} role="status">
            {done === 'referred' ? labels['loyalty.referral.sent'] : labels['loyalty.referral.already']}
          </p>
        )}
        <div>
          <button type="submit" className={styles.primary} disabled={sending}>
            {sending ? labels['loyalty.referral.sending'] : labels['loyalty.referral.submit']}
          </button>
        </div>
      </form>
    </div>
  )
}
