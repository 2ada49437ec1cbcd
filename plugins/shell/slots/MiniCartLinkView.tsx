import type { Labels } from '../../../contracts/labels'
import type { Lang } from '../../../site/brand'
import styles from './shell.module.css'

/** The link itself, pure: the count is there once a plugin provides it (MiniCartLink). */
export function MiniCartLinkView({ lang, labels, count }: { lang: Lang; labels: Labels; count?: number }) {
  const noun = count === 1 ? labels['header.cart.count.one'] : labels['header.cart.count.other']
  const label = labels['header.cart.label']
  const name = count === undefined ? label : `${label} ${count} ${noun}`
  return (
    <a className={styles.cart} href={lang === 'fr' ? '/fr/cart' : '/cart'} aria-label={name}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <circle cx="10" cy="20" r="1.6" fill="currentColor" />
        <circle cx="17" cy="20" r="1.6" fill="currentColor" />
      </svg>
      <span className={styles.cartLabel}>{label}</span>
      {count !== undefined && (
        <>
          {/* Tools that take the visible text from the DOM read 'Cart 3', not 'Cart3'. A space between
              flex items takes no room, so nothing moves. */}{' '}
          <span className={styles.cartCount} aria-hidden="true">
            {count}
          </span>
        </>
      )}
    </a>
  )
}
