import type { FocusEvent, KeyboardEvent, MouseEvent, PointerEvent } from 'react'
import type { Labels } from '../../../contracts/labels'
import { FlyoutPanel, flyoutId } from '../panels/FlyoutPanel'
import type { NavItem } from '../visibleItems'
import styles from './NavBar.module.css'

/** What the live bar does with its flyouts (plugins/nav/slots/useFlyouts.ts); absent in the first view. */
export interface FlyoutControls {
  openUid: string | undefined
  /** The panel sliding out after its back button (phones). */
  closingUid: string | undefined
  toggle(uid: string): void
  back(uid: string): void
  onItemPointerEnter(uid: string, event: PointerEvent): void
  onItemPointerLeave(uid: string, event: PointerEvent): void
  onItemPointerDown(uid: string, event: PointerEvent): void
  onItemKeyDown(uid: string, event: KeyboardEvent): void
  onItemBlur(uid: string, event: FocusEvent): void
  onLinkClick(uid: string, event: MouseEvent): void
}

export { flyoutId }
export const flyoutButtonId = (uid: string) => `oh-flyout-button-${uid}`

/**
 * The navigation bar as the shopper sees it. Pure, so the header's first view (host/firstView)
 * paints the very same bar before this plugin's code has run. Without `items` it is the empty bar:
 * busy while its data loads, or left empty when the navigation could not be had.
 *
 * An item with a flyout panel (visibleTopLevelItems gives one only when the site configuration's
 * `header.cb.nav.flyout.enabled` is on) is the WAI-ARIA disclosure navigation pattern with top-level
 * links: its link, then a button that shows or hides its panel (`aria-expanded`, `aria-controls`).
 * Without `controls` (the first view) the buttons are there, so nothing moves, but disabled until
 * the live bar takes over.
 */
export function NavBarView({
  labels,
  items,
  busy = false,
  controls,
}: {
  /** `header.nav.label`, and the flyouts' `header.nav.flyout.toggle` and `.back`. */
  labels: Pick<Labels, 'header.nav.label' | 'header.nav.flyout.toggle' | 'header.nav.flyout.back'>
  items?: readonly NavItem[]
  busy?: boolean
  controls?: FlyoutControls
}) {
  const label = labels['header.nav.label']
  if (!items) return <nav className={styles.nav} aria-label={label} aria-busy={busy} />
  return (
    <nav className={styles.nav} aria-label={label}>
      <ul className={styles.list}>
        {items.map((item) => {
          const link = (
            <a
              className={item.highlighted ? styles.highlighted : styles.link}
              href={item.url}
              onClick={controls && item.panel ? (e) => controls.onLinkClick(item.uid, e) : undefined}
            >
              {item.name}
            </a>
          )
          if (!item.panel) return <li key={item.uid}>{link}</li>
          const open = controls?.openUid === item.uid
          return (
            <li
              key={item.uid}
              className={styles.item}
              data-open={open || undefined}
              onPointerEnter={controls && ((e) => controls.onItemPointerEnter(item.uid, e))}
              onPointerLeave={controls && ((e) => controls.onItemPointerLeave(item.uid, e))}
              onPointerDown={controls && ((e) => controls.onItemPointerDown(item.uid, e))}
              onKeyDown={controls && ((e) => controls.onItemKeyDown(item.uid, e))}
              onBlur={controls && ((e) => controls.onItemBlur(item.uid, e))}
            >
              {link}
              <button
                type="button"
                id={flyoutButtonId(item.uid)}
                className={styles.toggle}
                aria-expanded={open}
                aria-controls={flyoutId(item.uid)}
                aria-label={labels['header.nav.flyout.toggle'].replaceAll('{name}', item.name)}
                disabled={!controls}
                onClick={controls && (() => controls.toggle(item.uid))}
              >
                <svg aria-hidden="true" viewBox="0 0 12 12" width="12" height="12">
                  <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
                </svg>
              </button>
              {open && controls && (
                <FlyoutPanel
                  uid={item.uid}
                  name={item.name}
                  component={item.panel}
                  back={labels['header.nav.flyout.back']}
                  closing={controls.closingUid === item.uid}
                  onBack={() => controls.back(item.uid)}
                />
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
