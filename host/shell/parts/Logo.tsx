import { useService } from '../../../kernel/react/KernelProvider'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import styles from '../shell.module.css'
import { shellOptionsRef } from '../shellOptions'

/** Brand logo linking home: `/`, or `/fr/accueil` in French (header spec §1). */
export function Logo() {
  const { lang, labels } = useService(headerContextRef)
  const { displayName } = useService(shellOptionsRef)
  return (
    <a
      className={styles.logo}
      href={lang === 'fr' ? '/fr/accueil' : '/'}
      aria-label={`${displayName} – ${labels['header.logo.alt']}`}
    >
      <svg className={styles.logoMark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path d="M6 10h17v9a7 7 0 0 1-7 7h-3a7 7 0 0 1-7-7z" fill="currentColor" />
        <path d="M23 12h2a4 4 0 0 1 0 8h-2" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M11 4c0 2 2 2 2 4M16 4c0 2 2 2 2 4" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className={styles.logoText}>{displayName}</span>
    </a>
  )
}
