import type { NavItem } from '../visibleItems'
import styles from './NavBar.module.css'

/**
 * The navigation bar as the shopper sees it: a list of links (WAI-ARIA disclosure navigation comes
 * with the flyouts). Pure, so the header's first view (host/firstView) paints the very same bar before
 * this plugin's code has run. Without `items` it is the empty bar: busy while its data loads, or
 * left empty when the navigation could not be had.
 */
export function NavBarView({
  label,
  items,
  busy = false,
}: {
  label: string
  items?: readonly NavItem[]
  busy?: boolean
}) {
  if (!items) return <nav className={styles.nav} aria-label={label} aria-busy={busy} />
  return (
    <nav className={styles.nav} aria-label={label}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.uid}>
            <a className={item.highlighted ? styles.highlighted : styles.link} href={item.url}>
              {item.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
