import { type FormEvent, useRef, useState } from 'react'
import { PASSWORD_RULE } from '../../../contracts/auth'
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
  onRegistered: () => void
}

type Problem = 'firstName' | 'email' | 'password'

/**
 * The sign-up form: first and last name, email, password with its rule shown as a hint. Every check
 * runs before the request (first name required, the email rule, PASSWORD_RULE); the first field that
 * fails takes focus and is marked invalid.
 */
export function SignupForm({ onAttempt, onFailed, onRegistered }: Props) {
  const { labels } = useService(headerContextRef)
  const session = useService(authSessionRef)
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', password: '' })
  const [problems, setProblems] = useState<Set<Problem>>(new Set())
  const [busy, setBusy] = useState(false)
  const refs = useRef<Record<Problem, HTMLInputElement | null>>({
    firstName: null,
    email: null,
    password: null,
  })
  const mounted = useMountedRef()
  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value
    setValues((v) => ({ ...v, [name]: value }))
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const found = new Set<Problem>()
    if (values.firstName.trim() === '') found.add('firstName')
    if (!isValidEmail(values.email)) found.add('email')
    if (!PASSWORD_RULE.test(values.password)) found.add('password')
    setProblems(found)
    const first = (['firstName', 'email', 'password'] as const).find((p) => found.has(p))
    if (first) return refs.current[first]?.focus()
    onAttempt()
    setBusy(true)
    const result = await session.signup({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      password: values.password,
    })
    if (!mounted.current) return
    setBusy(false)
    if (result.ok) return onRegistered()
    onFailed()
  }

  const ref = (name: Problem) => (el: HTMLInputElement | null) => {
    refs.current[name] = el
  }
  return (
    <form className={styles.form} noValidate aria-busy={busy} onSubmit={submit}>
      <Field
        label={labels['signup.first.name']}
        name="firstName"
        autoComplete="given-name"
        required
        maxLength={60}
        value={values.firstName}
        onChange={set('firstName')}
        invalid={problems.has('firstName')}
        inputRef={ref('firstName')}
      />
      <Field
        label={labels['signup.last.name']}
        name="lastName"
        autoComplete="family-name"
        maxLength={60}
        value={values.lastName}
        onChange={set('lastName')}
      />
      <EmailField
        labels={labels}
        value={values.email}
        onChange={set('email')}
        invalid={problems.has('email')}
        inputRef={ref('email')}
      />
      <Field
        label={labels['login.password']}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        maxLength={256}
        value={values.password}
        onChange={set('password')}
        hint={labels['signup.password.rule']}
        invalid={problems.has('password')}
        inputRef={ref('password')}
      />
      {busy && <FormLoader text={labels['login.loading']} />}
      <button type="submit" className={styles.primaryButton} aria-disabled={busy || undefined}>
        {labels['signup.submit']}
      </button>
    </form>
  )
}
