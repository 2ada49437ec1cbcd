import { type CSSProperties, type HTMLAttributes, type Ref, useMemo } from 'react'
import type { NavComponent } from '../../../contracts/cms'
import styles from './FlyoutPanel.module.css'
import { layoutIdOf } from './hasPanel'
import { type FlyoutGroup, type FlyoutLink, flyoutFor, menuItemsOf } from './panelModel'

/** Where the bar places the open panel and the pointer handlers its hover path needs. */
export interface PanelFloating {
  ref?: Ref<HTMLDivElement>
  style?: CSSProperties
  props?: HTMLAttributes<HTMLDivElement>
}

/** The element ids that tie an item's button to its panel (aria-controls). */
export const flyoutId = (uid: string) => `oh-flyout-${uid}`

/**
 * One top-level item's flyout panel (nav spec §2), drawn under its item while it is open. On phones
 * and tablets it is a full-screen slide-in whose back button names the menu; `closing` is the 0.4 s
 * slide-out after back.
 */
export function FlyoutPanel({
  uid,
  name,
  component,
  back,
  closing,
  onBack,
  floating,
}: {
  uid: string
  name: string
  /** The top-level item's CMS component (visibleItems gives it only when it has panel content). */
  component: NavComponent
  back: string
  closing: boolean
  onBack: () => void
  floating?: PanelFloating
}) {
  const flyout = useMemo(() => flyoutFor(layoutIdOf(component), menuItemsOf(component)), [component])
  if (!flyout) return null
  return (
    <div
      {...floating?.props}
      ref={floating?.ref}
      style={floating?.style}
      id={flyoutId(uid)}
      className={styles.panel}
      data-side={flyout.side}
      data-closing={closing || undefined}
    >
      {/* Phones and tablets: the panel fills the screen, and this leads back to the bar (nav spec §2). */}
      <button type="button" className={styles.back} onClick={onBack}>
        <span className={styles.visuallyHidden}>{back} </span>
        {name}
      </button>
      <div className={styles.columns}>
        <div className={styles.body}>
          {flyout.body.map((group) => (
            <Group key={group.uid} group={group} />
          ))}
        </div>
        {flyout.sideBar.length > 0 && (
          <div className={styles.sideBar}>
            {flyout.sideBar.map((group) => (
              <Group key={group.uid} group={group} />
            ))}
          </div>
        )}
      </div>
      {flyout.footer.length > 0 && <LinkList className={styles.footer} links={flyout.footer} />}
    </div>
  )
}

function Group({ group }: { group: FlyoutGroup }) {
  const heading = group.heading?.name && (
    <h2 className={styles.heading}>
      {group.heading.url ? <a href={group.heading.url}>{group.heading.name}</a> : group.heading.name}
    </h2>
  )
  return (
    <div className={styles.group}>
      {heading}
      {group.links.length > 0 && <LinkList className={styles.links} links={group.links} />}
    </div>
  )
}

function LinkList({ className, links }: { className: string | undefined; links: readonly FlyoutLink[] }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.uid}>
          <a href={link.url}>{link.name}</a>
        </li>
      ))}
    </ul>
  )
}

export default FlyoutPanel
