import { useService } from '../../../kernel/react/KernelProvider'
import { usePluginOptions } from '../../../kernel/react/PluginBoundary'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import type { Lang } from '../../../site/brand'
import layout from '../../../site/headerLayout.module.css'
import { homePath } from '../../../site/homePath'
import type { ShellOptions } from '../shellOptions'

/**
 * Brand logo linking home: `/`, or `/fr/accueil` in French (header spec §1). Pure: the host's frame,
 * painted before any plugin code, draws the same markup (host/frame/frameLogo.tsx; a test holds the
 * two equal), so the logo never moves when this part takes its place.
 */
export function LogoLink({ displayName, lang, alt }: { displayName: string; lang: Lang; alt?: string }) {
  // The accessible name must contain the visible brand name (WCAG 2.5.3 label in name).
  const name = !alt || alt.includes(displayName) ? (alt ?? displayName) : `${displayName} – ${alt}`
  return (
    <a className={layout.logo} href={homePath(lang)} aria-label={name} data-logo="">
      <svg className={layout.logoMark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path d="M6 10h17v9a7 7 0 0 1-7 7h-3a7 7 0 0 1-7-7z" fill="currentColor" />
        <path d="M23 12h2a4 4 0 0 1 0 8h-2" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M11 4c0 2 2 2 2 4M16 4c0 2 2 2 2 4" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className={layout.logoText}>{displayName}</span>
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
