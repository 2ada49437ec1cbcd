import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { authSessionRef } from '../authRefs'
import styles from './auth.module.css'
import { EmailField, FormLoader } from './Field'
import { isValidEmail } from './loginRules'
import { useMountedRef } from './useMountedRef'

/**
 * Forgot password: an email, then the same "we have sent a link" message whether or not an account
 * exists (no account discovery). Only a request that never got an answer (network, rate limit) is
 * reported as a failure, so the shopper knows to try again.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { labels } = useService(headerContextRef)
  const session = useService(authSessionRef)
  const [email, setEmail] = useState('')
  const [emailError, setEmailError] = useState(false)
  const [status, setStatus] = useState<'form' | 'busy' | 'sent' | 'failed'>('form')
  const emailRef = useRef<HTMLInputElement | null>(null)
  const backRef = useRef<HTMLButtonElement | null>(null)
  const mounted = useMountedRef()

  useEffect(() => emailRef.current?.focus(), [])
  // The form is gone once the link is sent: focus moves to the way back, right after the message.
  useEffect(() => {
    if (status === 'sent') backRef.current?.focus()
  }, [status])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (status === 'busy') return
    const bad = !isValidEmail(email)
    setEmailError(bad)
    if (bad) return emailRef.current?.focus()
    setStatus('busy')
    const result = await session.forgotPassword(email.trim())
    if (!mounted.current) return
    const transient = !result.ok && ['network', 'unexpected', 'rate_limited'].includes(result.code)
    setStatus(transient ? 'failed' : 'sent')
  }

  return (
    <div className={styles.forgot}>
      {status === 'sent' ? (
        <p className={styles.bannerInfo} role="status">
          {labels['login.forgot.sent']}
        </p>
      ) : (
        <form className={styles.form} noValidate aria-busy={status === 'busy'} onSubmit={submit}>
          {status === 'failed' && (
            <p className={styles.bannerError} role="alert">
              {labels['login.forgot.error']}
            </p>
          )}
          <EmailField
            labels={labels}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            invalid={emailError}
            inputRef={emailRef}
          />
          {status === 'busy' && <FormLoader text={labels['login.loading']} />}
          <button
            type="submit"
            className={styles.primaryButton}
            aria-disabled={status === 'busy' || undefined}
          >
            {labels['login.forgot.submit']}
          </button>
        </form>
      )}
      <button ref={backRef} type="button" className={styles.linkButton} onClick={onBack}>
        {labels['login.forgot.back']}
      </button>
    </div>
  )
}
