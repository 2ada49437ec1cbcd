import type { NavIconName } from './linkStyle'

/** Each allowed icon's shape (16 by 16, filled with the link's colour). */
const PATHS: Record<NavIconName, string> = {
  tag: 'M1 2.5v4.6l7.9 7.9 6.1-6.1L7.1 1H2.5A1.5 1.5 0 0 0 1 2.5zm3.5.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z',
  star: 'M8 1l2.1 4.4 4.9.7-3.5 3.4.8 4.8L8 12l-4.3 2.3.8-4.8L1 6.1l4.9-.7z',
  gift: 'M1 5h6V4.2A2 2 0 1 1 8 2.3a2 2 0 1 1 1 1.9V5h6v3H1zm1 4h5v6H2zm7 0h5v6H9z',
  leaf: 'M14 2C6 2 2 6 2 11c0 1 .2 2 .5 3l1.2-.6C4.5 9 8 7 11 6 8 8 5.5 10.5 4.3 13.6 10 14 14 9 14 2z',
  flame: 'M8 1c1 3 5 4.5 5 9a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5 0 1.5.7 2.5 1.7 2.5C6 5.5 7 3 8 1z',
}

/**
 * A navigation link's icon (header spec §3 `linkIcon`), drawn by the header from its own set: it is
 * decoration beside the link's words, so assistive technology skips it.
 */
export function NavIcon({ name, className }: { name: NavIconName; className?: string }) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      data-nav-icon={name}
    >
      <path d={PATHS[name]} fill="currentColor" fillRule="evenodd" />
    </svg>
  )
}
