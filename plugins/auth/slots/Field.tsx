import { type InputHTMLAttributes, type Ref, useId } from 'react'
import styles from './auth.module.css'

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  /** Always shown under the input and read with it (the password rule). */
  hint?: string
  /** Shown after a failed check and read with the input. */
  error?: string | null
  invalid?: boolean
  inputRef?: Ref<HTMLInputElement>
}

/** A labelled input with its hint and error wired through aria-describedby and aria-invalid. */
export function Field({ label, hint, error, invalid, inputRef, ...input }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
  const isInvalid = Boolean(invalid || error)
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        className={styles.input}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p id={hintId} className={isInvalid ? styles.hintInvalid : styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * The e-mail field every account form has (log in, sign up, forgot password): the same label,
 * autocomplete and the header spec §5 message when the address fails the email rule.
 */
export function EmailField({
  labels,
  invalid,
  ...input
}: Omit<FieldProps, 'label' | 'error' | 'type'> & {
  labels: Record<'login.email' | 'enter.valid.email.message', string>
  invalid: boolean
}) {
  return (
    <Field
      {...input}
      label={labels['login.email']}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      required
      error={invalid ? labels['enter.valid.email.message'] : null}
    />
  )
}

/** The visible "Please wait…" of a form that is being sent (header spec §4: the login loader). */
export function FormLoader({ text }: { text: string }) {
  return (
    <p className={styles.loader} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      {text}
    </p>
  )
}
