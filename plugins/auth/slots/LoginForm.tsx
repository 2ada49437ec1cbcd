import { type FormEvent, useRef, useState } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { authSessionRef } from '../authRefs'
import styles from './auth.module.css'
import { EmailField, Field, FormLoader } from './Field'
import { isValidEmail } from './loginRules'
import { useMountedRef } from './useMountedRef'

interface Props {
  onAttempt: () => void
  onFailed: () => void
  onSignedIn: () => void
  onForgot: () => void
}

/**
 * The login form: email, password, remember me. The email is checked before anything is sent
 * (enter.valid.email.message); while the request runs the form is busy and says so ("Please wait…").
 */
export function LoginForm({ onAttempt, onFailed, onSignedIn, onForgot }: Props) {
  const { labels } = useService(headerContextRef)
  const session = useService(authSessionRef)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [rememberMe, setRememberMe] = useState(false)
  const [emailError, setEmailError] = useState(false)
  const [passwordMissing, setPasswordMissing] = useState(false)
  const [busy, setBusy] = useState(false)
  const emailRef = useRef<HTMLInputElement | null>(null)
  const passwordRef = useRef<HTMLInputElement | null>(null)
  const mounted = useMountedRef()

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const badEmail = !isValidEmail(email)
    const noPassword = password === ''
    setEmailError(badEmail)
    setPasswordMissing(noPassword)
    if (badEmail) return emailRef.current?.focus()
    if (noPassword) return passwordRef.current?.focus()
    onAttempt()
    setBusy(true)
    const result = await session.login({ email: email.trim(), password, rememberMe })
    if (!mounted.current) return
    setBusy(false)
    if (result.ok) return onSignedIn()
    setPassword('')
    onFailed()
  }

  return (
    <form className={styles.form} noValidate aria-busy={busy} onSubmit={submit}>
      <EmailField
        labels={labels}
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        invalid={emailError}
        inputRef={emailRef}
      />
      <Field
        label={labels['login.password']}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        invalid={passwordMissing}
        inputRef={passwordRef}
      />
      <div className={styles.row}>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            name="rememberMe"
            checked={rememberMe}
            onChange={(e) => setRememberMe(e.currentTarget.checked)}
          />
          {labels['login.remember.me']}
        </label>
        <button type="button" className={styles.linkButton} onClick={onForgot}>
          {labels['login.forgot.password']}
        </button>
      </div>
      {busy && <FormLoader text={labels['login.loading']} />}
      <button type="submit" className={styles.primaryButton} aria-disabled={busy || undefined}>
        {labels['login.submit']}
      </button>
    </form>
  )
}
