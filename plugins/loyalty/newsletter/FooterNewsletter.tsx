import { type CSSProperties, type FormEvent, useId, useRef, useState } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { usePluginOptions } from '../../../kernel/react/PluginBoundary'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import type { LoyaltyOptions } from '../loyaltyOptions'
import { loyaltyRef, newsletterRef } from '../loyaltyRefs'
import { isNewsletterEmail, NEWSLETTER_MESSAGES } from '../rules/newsletterRules'
import { fill } from '../slots/labelText'
import styles from './newsletter.module.css'

/**
 * The footer newsletter (slot `footer.newsletter`, header spec §1–§5): title, description, the
 * join-mailer offer ("Save 15%") for everyone but a signed-in perks member (its line held while that is
 * not known; a member's line in its place: "Perks member · $4.50 cashback"), an email field and, where
 * the brand shows terms (`checkboxContent`), a terms box that must be ticked. The email message
 * (`enter.valid.email.message`) shows only while the field has focus; the terms message after a try.
 * While sending, the button is disabled; a failure keeps what was typed and says so; success replaces
 * the form with the success message.
 */
export default function FooterNewsletter() {
  const options = usePluginOptions<LoyaltyOptions>()
  const { labels } = useService(headerContextRef)
  const newsletter = useService(newsletterRef)
  const loyalty = useService(loyaltyRef)
  const state = useStream(newsletter.state$, newsletter.state$.value())
  const display = useStream(loyalty.display$, loyalty.display$.value())
  const [email, setEmail] = useState('')
  const [accepted, setAccepted] = useState(false)
  const [emailFocused, setEmailFocused] = useState(false)
  const [tried, setTried] = useState(false)
  const emailRef = useRef<HTMLInputElement | null>(null)
  const termsRef = useRef<HTMLInputElement | null>(null)
  const titleId = useId()
  const emailErrorId = useId()
  const termsErrorId = useId()
  const terms = options.newsletter.terms ? labels['newsletter.checkbox.content'] : ''
  if (!options.newsletter.enabled) return null

  const emailValid = isNewsletterEmail(email)
  const showEmailError = emailFocused && !emailValid && (tried || email !== '')
  const showTermsError = Boolean(terms) && tried && !accepted
  const sending = state.status === 'sending'
  // Not for a member; not known yet while the customer's data loads. The line keeps its room either
  // way, so the form under it never moves when the answer comes (a layout shift in a visible footer).
  const showOffer = display.kind !== 'member' && display.kind !== 'pending'
  // A member's line says so, with the cashback, where the offer was: no empty band.
  const memberLine =
    display.kind === 'member'
      ? [
          labels['loyalty.member.label'],
          display.cashback && fill(labels['loyalty.cashback'], { amount: display.cashback }),
        ]
          .filter(Boolean)
          .join(' · ')
      : undefined

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (sending) return
    setTried(true)
    if (!emailValid) return emailRef.current?.focus()
    if (terms && !accepted) return termsRef.current?.focus()
    void newsletter.subscribe({ email, accepted, termsRequired: Boolean(terms) })
  }

  const buttonStyle = options.newsletter.submitColor
    ? ({ '--oh-newsletter-button': options.newsletter.submitColor } as CSSProperties)
    : undefined
  return (
    <section className={styles.newsletter} aria-labelledby={titleId} data-loyalty="newsletter">
      <h2 id={titleId} className={styles.title}>
        {labels['newsletter.title']}
      </h2>
      {state.status === 'subscribed' ? (
        <p className={styles.success} role="status">
          {labels['newsletter.success']}
        </p>
      ) : (
        <>
          <p className={styles.description}>{labels['newsletter.description']}</p>
          {memberLine ? (
            <p className={styles.memberLine} data-member-line="">
              {memberLine}
            </p>
          ) : (
            <p className={styles.offer} aria-hidden={showOffer ? undefined : true}>
              {showOffer ? labels['join.mailer.text'] : null}
            </p>
          )}
          <form className={styles.form} noValidate onSubmit={submit}>
            <div className={styles.field}>
              <label className={styles.label} htmlFor={`${titleId}-email`}>
                {labels['newsletter.email.label']}
              </label>
              <div className={styles.row}>
                <input
                  ref={emailRef}
                  id={`${titleId}-email`}
                  className={styles.input}
                  type="email"
                  name="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                  placeholder={labels['newsletter.placeholder']}
                  value={email}
                  aria-invalid={tried && !emailValid}
                  aria-describedby={showEmailError ? emailErrorId : undefined}
                  onChange={(e) => setEmail(e.target.value)}
                  onFocus={() => setEmailFocused(true)}
                  onBlur={() => setEmailFocused(false)}
                />
                <button type="submit" className={styles.submit} style={buttonStyle} disabled={sending}>
                  {sending ? labels['newsletter.sending'] : labels['newsletter.submit']}
                </button>
              </div>
              {showEmailError && (
                <p id={emailErrorId} className={styles.error} role="alert">
                  {labels[NEWSLETTER_MESSAGES.email]}
                </p>
              )}
            </div>
            {terms && (
              <div className={styles.field}>
                <label className={styles.check}>
                  <input
                    ref={termsRef}
                    type="checkbox"
                    name="subscribe"
                    checked={accepted}
                    aria-required="true"
                    aria-invalid={showTermsError}
                    aria-describedby={showTermsError ? termsErrorId : undefined}
                    onChange={(e) => setAccepted(e.target.checked)}
                  />
                  <span>{terms}</span>
                </label>
                {showTermsError && (
                  <p id={termsErrorId} className={styles.error} role="alert">
                    {labels[NEWSLETTER_MESSAGES.terms]}
                  </p>
                )}
              </div>
            )}
            {state.status === 'failed' && (
              <p className={styles.error} role="alert">
                {state.reason === 'invalid' ? labels[NEWSLETTER_MESSAGES.email] : labels['newsletter.error']}
              </p>
            )}
          </form>
        </>
      )}
    </section>
  )
}
