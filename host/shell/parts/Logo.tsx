import { useService } from '../../../kernel/react/KernelProvider'
import { usePluginOptions } from '../../../kernel/react/PluginBoundary'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import type { Lang } from '../../../site/brand'
import { homePath } from '../../../site/homePath'
import styles from '../shell.module.css'
import type { ShellOptions } from '../shellOptions'

/**
 * Brand logo linking home: `/`, or `/fr/accueil` in French (header spec §1). Pure, so the frame the
 * header paints before its data arrives shows the very same logo in the very same place.
 */
export function LogoLink({ displayName, lang, alt }: { displayName: string; lang: Lang; alt?: string }) {
  // The accessible name must contain the visible brand name (WCAG 2.5.3 label in name).
  const name = !alt || alt.includes(displayName) ? (alt ?? displayName) : `${displayName} – ${alt}`
  return (
    <a className={styles.logo} href={homePath(lang)} aria-label={name} data-logo="">
      <svg className={styles.logoMark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path d="M6 10h17v9a7 7 0 0 1-7 7h-3a7 7 0 0 1-7-7z" fill="currentColor" />
        <path d="M23 12h2a4 4 0 0 1 0 8h-2" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M11 4c0 2 2 2 2 4M16 4c0 2 2 2 2 4" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className={styles.logoText}>{displayName}</span>
    </a>
  )
}

/**
 * The logo slot part, drawn once: the page server renders it and the browser hydrates it before the
 * kernel, so it reads the brand's name from the shell's options (the brand file's `shell` block).
 */
export function Logo() {
  const { lang, labels } = useService(headerContextRef)
  const { displayName } = usePluginOptions<ShellOptions>()
  return <LogoLink displayName={displayName} lang={lang} alt={labels['header.logo.alt']} />
}
