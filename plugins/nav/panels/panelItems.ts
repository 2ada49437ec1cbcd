import type { NavComponent, NavItemData } from '../../../contracts/cms'
import { isNavMode, isVisible, NAV_MODES, type NavMode } from '../../../contracts/cmsNames'
import { isSameOriginPath } from '../../../site/safePath'

/**
 * The panel's items before any layout: the CMS's three shapes merged, each item with its section,
 * and the rule of which item can be drawn at all. Plain data and no sanitiser, so the bar's eager
 * `hasPanel` can use it without loading the panel's code.
 */

export type Section = 'body' | 'sideBar' | 'footer'
export type PanelItem = NavItemData & { section: Section }

/** The twelve content modes (contracts/cmsNames.ts). An item of any other mode is never drawn. */
export const MODES = NAV_MODES
export type Mode = NavMode
export const isMode = isNavMode
export const isHeaderMode = (mode: string) =>
  mode === 'SECTION_HEADER_LINK' || mode === 'SECTION_HEADER_NOLINK'

const SECTIONS: Record<string, Section> = { body: 'body', sidebar: 'sideBar', footer: 'footer' }

/** The three CMS shapes of a panel's content (contracts/cms.ts) as one list, each item with its section. */
export function menuItemsOf(component: NavComponent): PanelItem[] {
  const content = component.navBarComponent?.content
  const placed = (section: Section) => (item: NavItemData) => ({ ...item, section })
  return [
    ...(content?.body ?? []).map(placed('body')),
    ...(component.groupedNextGenNavComponentsList ?? []).flatMap((g) =>
      g.nextGenNavComponents.map(placed('body')),
    ),
    ...(content?.sideBar ?? []).map(placed('sideBar')),
    ...(content?.footer ?? []).map(placed('footer')),
    ...(component.nextGenNavComponents ?? []).map((item) => ({
      ...item,
      section: SECTIONS[(item.section ?? 'body').toLowerCase()] ?? 'body',
    })),
  ]
}

/**
 * A header's name and address: its `headerName` and `headerLinkUrl` when it has a header name, else
 * its link fields (each falling back to the other pair).
 */
export const headerNameOf = (item: NavItemData) => item.headerName?.trim() || item.linkName
export const headerUrlOf = (item: NavItemData) =>
  item.headerName?.trim() ? (item.headerLinkUrl ?? item.linkUrl) : (item.linkUrl ?? item.headerLinkUrl)

/**
 * The address a card follows: its link, or (cards drawn around a button: articles, product details)
 * its primary button's. Only a path on this site counts (site/safePath.ts).
 */
export function cardUrlOf(item: NavItemData): string | undefined {
  const candidates =
    item.mode === 'ARTICLE' || item.mode === 'PRODUCT_DETAIL'
      ? [item.linkUrl, item.primaryButtonLinkUrl]
      : [item.linkUrl]
  return candidates.map((u) => u?.trim()).find(isSameOriginPath)
}

/** Text the shopper would see: markup taken out (the panel uses the real sanitiser; this is the cheap guess). */
const roughText = (html: string | undefined) => (html ?? '').replace(/<[^>]*>/g, '').trim()

/**
 * The card modes each section draws (nav spec §2): the sidebar shows low-importance links, articles
 * and promos (beside its header links); the footer large and medium items, promos, articles and
 * low-importance links (beside its brand heading); the body every card mode.
 */
export const CARD_MODES: Record<Section, ReadonlySet<Mode>> = {
  body: new Set(MODES.filter((m) => !isHeaderMode(m) && m !== 'NOBO')),
  sideBar: new Set<Mode>(['LOW_IMPORTANCE', 'ARTICLE', 'PROMO']),
  footer: new Set<Mode>(['LARGE_IMPORTANCE', 'MEDIUM_IMPORTANCE', 'PROMO', 'ARTICLE', 'LOW_IMPORTANCE']),
}

/**
 * Whether the item gives the panel a card to follow: visible, of a mode its section draws, with a
 * same-origin link and something to read (a promo may say it with its labels). Headers and NOBO
 * links are not counted: a header alone is an empty group, and NOBO links show for agents only.
 */
export function isDrawableCard(item: PanelItem): boolean {
  if (!isVisible(item) || !CARD_MODES[item.section].has(item.mode as Mode)) return false
  if (!cardUrlOf(item)) return false
  const text = [item.linkName, ...(item.mode === 'PROMO' ? [item.label1, item.label2] : [])]
  return text.some((t) => roughText(t) !== '')
}

/**
 * A header link drawn even with nothing under it (it is something to follow): in the body or the
 * sidebar. The footer's brand heading alone is not a footer (the footer is hidden when empty).
 */
export function isDrawableHeaderLink(item: PanelItem): boolean {
  return (
    isVisible(item) &&
    item.mode === 'SECTION_HEADER_LINK' &&
    item.section !== 'footer' &&
    isSameOriginPath(headerUrlOf(item)?.trim()) &&
    roughText(headerNameOf(item)) !== ''
  )
}
