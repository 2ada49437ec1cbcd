import type { FocusEventHandler, KeyboardEventHandler, MouseEventHandler, ReactNode, Ref } from 'react'
import type { Labels } from '../../../contracts/labels'
import { liveReplay, pendingReplay } from '../../../site/pressRecorder'
import { flyoutButtonId, flyoutId, MORE_LIST_ID, panelReplayKey } from '../ids'
import { linkColour } from '../linkStyle'
import { NavIcon } from '../NavIcon'
import type { NavItem } from '../visibleItems'
import styles from './NavBar.module.css'

export { flyoutButtonId, flyoutId }

export type BarLabels = Pick<
  Labels,
  'header.nav.label' | 'header.nav.flyout.toggle' | 'header.nav.flyout.back' | 'header.nav.more'
>

/** What the live bar adds to the view (NavBar.tsx); absent in the served first view. */
export interface LiveBar {
  listRef: Ref<HTMLUListElement>
  /**
   * How many items, from the first, have room in the bar; the rest are in "More". Undefined until
   * the bar has been measured: it is then drawn exactly as the served first view.
   */
  shown: number | undefined
  renderItem(item: NavItem, overflowed: boolean): ReactNode
  /** `measured` false: drawn as in the first view (its button shown by the CSS alone, disabled). */
  renderMore(overflow: readonly NavItem[], measured: boolean): ReactNode
}

/**
 * The navigation bar as the shopper sees it. Pure, so the header's first view (host/firstView)
 * paints the very same bar before this plugin's code has run. Without `items` it is the empty bar:
 * busy while its data loads, or left empty when the navigation could not be had.
 *
 * Every item is shown whole or not at all: the list is one row high and wraps the items that have
 * no room onto a second row that is cut off (NavBar.module.css), and the "More" button at the end of
 * the bar shows up when something wrapped. The served first view needs no script for that; the live
 * bar measures the items (useBarFit) and lists the ones with no room under "More".
 */
export function NavBarView({
  labels,
  items,
  busy = false,
  live,
}: {
  labels: BarLabels
  items?: readonly NavItem[]
  busy?: boolean
  live?: LiveBar
}) {
  const label = labels['header.nav.label']
  if (!items) return <nav className={styles.nav} aria-label={label} aria-busy={busy} />
  const shown = live?.shown ?? items.length
  const overflow = items.slice(shown)
  return (
    <nav className={styles.nav} aria-label={label} data-overflow={overflow.length > 0 || undefined}>
      <ul className={styles.list} ref={live?.listRef}>
        {items.map((item, index) =>
          live ? (
            live.renderItem(item, index >= shown)
          ) : (
            <NavItemView key={item.uid} item={item} labels={labels} overflowed={false} />
          ),
        )}
      </ul>
      {live ? (
        live.renderMore(overflow, live.shown !== undefined)
      ) : (
        <MoreView label={labels['header.nav.more']} items={[]} />
      )}
    </nav>
  )
}

/** What the live bar attaches to one item (NavBarItem.tsx). */
export interface LiveItem {
  open: boolean
  itemRef: Ref<HTMLLIElement>
  itemProps: Record<string, unknown>
  onLinkClick: MouseEventHandler<HTMLAnchorElement> | undefined
  onToggleClick: MouseEventHandler<HTMLButtonElement>
  /** The open panel (loaded on first intent), drawn inside the item so focus and presses in it count as in it. */
  panel: ReactNode
  /**
   * Drawn by the page server, or hydrating its HTML: the button keeps a press for the live one
   * (site/pressRecorder.ts), as in the first view, until the bar is live.
   */
  served?: boolean
}

/**
 * One top-level item. An item with a flyout panel (visibleTopLevelItems gives one only when the site
 * configuration's `header.cb.nav.flyout.enabled` is on) is the WAI-ARIA disclosure navigation pattern
 * with top-level links: its link, then a button that shows or hides its panel (`aria-expanded`,
 * `aria-controls`). Without `live` (the first view) the button is there, so nothing moves, and
 * enabled: a press on it before the live bar takes over is recorded by the page's press recorder
 * and answered by the live button (site/pressRecorder.ts), or after a while by the item's page. An item with no room in the bar (`overflowed`) keeps its
 * place on the hidden row but is hidden from everyone: "More" lists it.
 */
export function NavItemView({
  item,
  labels,
  overflowed,
  live,
}: {
  item: NavItem
  labels: BarLabels
  overflowed: boolean
  live?: LiveItem
}) {
  const link = (
    <a
      className={item.highlighted ? styles.highlighted : styles.link}
      href={item.url}
      onClick={live?.onLinkClick}
      style={linkColour(item)}
      {...topNavAttributes(item)}
    >
      {item.icon && <NavIcon name={item.icon} className={styles.icon} />}
      <BarLabel name={item.name} />
    </a>
  )
  const common = { 'data-nav-item': '', 'data-overflow': overflowed || undefined }
  if (!item.panel) {
    return <li {...common}>{link}</li>
  }
  const open = live?.open ?? false
  return (
    <li
      ref={live?.itemRef}
      className={styles.item}
      data-open={open || undefined}
      {...common}
      {...live?.itemProps}
    >
      {link}
      <button
        type="button"
        id={flyoutButtonId(item.uid)}
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={flyoutId(item.uid)}
        aria-label={labels['header.nav.flyout.toggle'].replaceAll('{name}', item.name)}
        onClick={live?.onToggleClick}
        {...(live && !live.served
          ? liveReplay(panelReplayKey(item.uid))
          : pendingReplay(panelReplayKey(item.uid), item.url))}
      >
        <Chevron />
      </button>
      {live?.panel}
    </li>
  )
}

/**
 * An item's name in the bar: one line on a wide window; from 992 to 1439 px a name of more than one
 * word is drawn on two lines, split at the space nearest its middle, and the box is as wide as the
 * longer line (NavBar.module.css `.label`), so every category of every brand and language has its
 * own place in the bar from 992 px ("Trousses de démarrage", "Développement durable").
 * The first part keeps the space, so the link's text and name are the name.
 */
export function BarLabel({ name }: { name: string }) {
  const [first, rest] = splitAtMiddleSpace(name)
  if (rest === undefined) return name
  return (
    <span className={styles.label}>
      <span>{`${first} `}</span>
      <span>{rest}</span>
    </span>
  )
}

/** `name` cut at the space nearest its middle (none: the name alone). */
export function splitAtMiddleSpace(name: string): [string, string?] {
  const text = name.trim()
  let best = -1
  for (let i = text.indexOf(' '); i !== -1; i = text.indexOf(' ', i + 1))
    if (best === -1 || Math.abs(i - text.length / 2) < Math.abs(best - text.length / 2)) best = i
  if (best === -1) return [name]
  return [text.slice(0, best), text.slice(best + 1).trim()]
}

/** What the live "More" disclosure attaches to its view (MoreDisclosure.tsx). */
export interface LiveMore {
  open: boolean
  /** Nothing has to go to "More": the button is not there at all. */
  unneeded: boolean
  areaRef: Ref<HTMLDivElement>
  buttonRef: Ref<HTMLButtonElement>
  onToggle: MouseEventHandler<HTMLButtonElement>
  /** The uid of the item whose panel is open (opened from the list or not). */
  openPanel: string | undefined
  /** Opens the panel of an item the list holds, hanging from the "More" button. */
  onOpenPanel(uid: string): void
  onKeyDown: KeyboardEventHandler<HTMLDivElement>
  onBlur: FocusEventHandler<HTMLDivElement>
}

/**
 * The "More" disclosure (WAI-ARIA disclosure pattern) at the end of the bar: a button and the list of
 * the items that have no room, in bar order, each a link to its page and, for an item with a panel,
 * the same panel button as in the bar, which opens its panel under "More" (a CMS sending
 * more items than fit loses no panel). In the served first view the button is there but disabled,
 * and shown only when an item wrapped (CSS anchor positioning), so the live bar's button appears in
 * its place.
 */
export function MoreView({
  label,
  toggleLabel = '',
  items,
  live,
}: {
  label: string
  /** The panel button's name, `{name}` for the item's (`header.nav.flyout.toggle`). */
  toggleLabel?: string
  items: readonly NavItem[]
  live?: LiveMore
}) {
  const open = live?.open ?? false
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only hears Escape and focus leaving from its button and links (the disclosure's keys)
    <div className={styles.moreArea} ref={live?.areaRef} onKeyDown={live?.onKeyDown} onBlur={live?.onBlur}>
      {/* The first view's button does nothing yet: it holds the place, out of assistive technology's way. */}
      <div className={styles.more} hidden={live?.unneeded} aria-hidden={!live || undefined}>
        <button
          ref={live?.buttonRef}
          type="button"
          className={styles.moreButton}
          aria-expanded={open}
          aria-controls={MORE_LIST_ID}
          disabled={!live}
          onClick={live?.onToggle}
        >
          {label}
          <Chevron />
        </button>
      </div>
      <ul id={MORE_LIST_ID} className={styles.moreList} hidden={!open}>
        {items.map((item) => (
          <li key={item.uid} className={styles.moreItem}>
            <a
              className={item.highlighted ? styles.moreHighlighted : styles.moreLink}
              href={item.url}
              style={linkColour(item)}
              {...topNavAttributes(item)}
            >
              {item.icon && <NavIcon name={item.icon} className={styles.icon} />}
              {item.name}
            </a>
            {item.panel && live && (
              <button
                type="button"
                className={styles.toggle}
                aria-expanded={live.openPanel === item.uid}
                aria-controls={flyoutId(item.uid)}
                aria-label={toggleLabel.replaceAll('{name}', item.name)}
                data-more-panel={item.uid}
                onClick={() => live.onOpenPanel(item.uid)}
              >
                <Chevron />
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The navigation analytics contract (nav-analytics reads these with one delegated listener). */
const topNavAttributes = (item: NavItem) => ({
  'data-nav-location': 'top nav',
  'data-nav-component': item.uid,
  'data-nav-click-type': 'text',
})

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 12 12" width="12" height="12">
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  )
}
