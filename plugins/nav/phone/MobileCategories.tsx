import { Suspense, useCallback, useRef } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { linkColour } from '../linkStyle'
import { NavIcon } from '../NavIcon'
import { useTopLevelItems } from '../useTopLevelItems'
import type { NavItem } from '../visibleItems'
import styles from './MobileCategories.module.css'
import { loadFlyoutPanel, PhonePanel, phonePanelId } from './PhonePanel'
import { usePhonePanel } from './usePhonePanel'

/** The id of a category's row, where focus returns when its panel has gone. */
export const categoryRowId = (uid: string) => `oh-phone-category-${uid}`

/** Every row carries the analytics contract's attributes: a top-level item, followed by its text. */
const trackingOf = (item: NavItem) => ({
  'data-nav-location': 'top nav',
  'data-nav-component': item.uid,
  'data-nav-click-type': 'text',
})

/**
 * The shop's categories in the phone menu's dialog (nested slot
 * `header.mobileMenu.categories`): the bar's top-level items as full-width rows, one under the other, names wrapping.
 * A category with a panel is a disclosure button (WAI-ARIA disclosure, `aria-expanded`) that opens
 * the panel as a full-screen slide-in (PhonePanel); one without is a plain link. Back from a panel
 * slides it out; 300 ms later the selection clears, the dialog's content is scrolled to the top and
 * focus is back on the category (nav spec §2, §4, §9).
 */
export default function MobileCategories() {
  const { labels } = useService(headerContextRef)
  const { items } = useTopLevelItems()
  const nav = useRef<HTMLElement>(null)
  const panel = usePhonePanel(
    useCallback((uid: string) => {
      const dialog = nav.current?.closest('[role="dialog"]')
      if (dialog) dialog.scrollTop = 0
      // Scrolled to the top already: focusing must not scroll the content back down to the row.
      document.getElementById(categoryRowId(uid))?.focus({ preventScroll: true })
    }, []),
  )
  if (!items?.length) return null
  return (
    <nav ref={nav} className={styles.nav} aria-label={labels['header.nav.label']}>
      <ul className={styles.list}>
        {items.map((item) => {
          const className = item.highlighted ? `${styles.row} ${styles.highlighted}` : styles.row
          if (!item.panel) {
            return (
              <li key={item.uid}>
                <a className={className} href={item.url} style={linkColour(item)} {...trackingOf(item)}>
                  <RowName item={item} />
                </a>
              </li>
            )
          }
          const open = panel.openUid === item.uid
          return (
            <li key={item.uid}>
              <button
                type="button"
                id={categoryRowId(item.uid)}
                className={className}
                aria-expanded={open}
                aria-controls={open ? phonePanelId(item.uid) : undefined}
                onPointerDown={preload}
                onFocus={preload}
                onClick={() => panel.open(item.uid)}
                style={linkColour(item)}
                {...trackingOf(item)}
              >
                <RowName item={item} />
                <svg className={styles.chevron} aria-hidden="true" viewBox="0 0 12 12" width="12" height="12">
                  <path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.8" />
                </svg>
              </button>
              {open && (
                <Suspense fallback={null}>
                  <PhonePanel
                    item={{ ...item, panel: item.panel }}
                    backLabel={labels['header.nav.flyout.back']}
                    closing={panel.closing}
                    onBack={panel.back}
                  />
                </Suspense>
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** A row's name, after its icon when the CMS names one (the row spreads its name and chevron apart). */
function RowName({ item }: { item: NavItem }) {
  if (!item.icon) return item.name
  return (
    <span className={styles.name}>
      <NavIcon name={item.icon} className={styles.icon} />
      {item.name}
    </span>
  )
}

/** A press or focus on a category: its panel's code is fetched now, so the tap that follows shows it. */
function preload() {
  // A failed fetch is retried (and reported) when the panel is asked for.
  loadFlyoutPanel().catch(() => {})
}
