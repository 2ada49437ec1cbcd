import type { Lang } from '../../site/brand'
import layout from '../../site/headerLayout.module.css'

/**
 * The logo the frame paints before any plugin code has run (header spec §1: home is `/`, or
 * `/fr/accueil` in French): the very markup of the shell plugin's logo part, which takes its place
 * (frameLogo.test.tsx holds the two equal), so it never moves.
 */
export function FrameLogo({ displayName, lang }: { displayName: string; lang: Lang }) {
  return (
    <a
      className={layout.logo}
      href={lang === 'fr' ? '/fr/accueil' : '/'}
      aria-label={displayName}
      data-logo=""
    >
      <svg className={layout.logoMark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path d="M6 10h17v9a7 7 0 0 1-7 7h-3a7 7 0 0 1-7-7z" fill="currentColor" />
        <path d="M23 12h2a4 4 0 0 1 0 8h-2" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M11 4c0 2 2 2 2 4M16 4c0 2 2 2 2 4" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className={layout.logoText}>{displayName}</span>
    </a>
  )
}
