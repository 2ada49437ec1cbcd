import type { Ref } from 'react'
import styles from './auth.module.css'

/**
 * The "×" that closes one of the auth plugin's panels (login flyout, phone menu, expiry dialog): an
 * icon button named by `label`, its glyph hidden from assistive technology. `className` places it.
 */
export function CloseButton({
  label,
  onClick,
  className,
  ref,
}: {
  label: string
  onClick: () => void
  className?: string | undefined
  ref?: Ref<HTMLButtonElement>
}) {
  return (
    <button
      ref={ref}
      type="button"
      className={className ? `${styles.iconButton} ${className}` : styles.iconButton}
      aria-label={label}
      onClick={onClick}
    >
      <span aria-hidden="true">×</span>
    </button>
  )
}
