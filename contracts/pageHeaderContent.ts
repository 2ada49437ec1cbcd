import { isHomePath } from '../site/routeStyle'
import { SEARCH_PAGE } from '../site/searchPage'
import { isVisible, SLOT_GLOBAL_NOTIFICATION, SLOT_HEADER_PROMO } from './cms'

/**
 * Page-specific header content (header spec §7 cms/pages "home, login content, search page"): the
 * home page and the search page have CMS pages of their own, `homepage` and `search`. A header row
 * (global notification, promo) that such a page fills replaces the `oneHeader` page's row there, so a
 * brand team can run a home-only promotion. Shared by the header (which asks for both pages) and
 * the reference server (which reserves the rows the merged content will have).
 */
export const HOME_PAGE = 'homepage'
export const SEARCH_CMS_PAGE = 'search'

/** The CMS page that may carry header content for this path, if any. */
export function headerPageFor(pathname: string): typeof HOME_PAGE | typeof SEARCH_CMS_PAGE | undefined {
  if (isHomePath(pathname)) return HOME_PAGE
  const path = pathname.replace(/\/+$/, '')
  if (path === SEARCH_PAGE.en || path === SEARCH_PAGE.fr) return SEARCH_CMS_PAGE
  return undefined
}

const HEADER_POSITIONS: readonly string[] = [SLOT_GLOBAL_NOTIFICATION, SLOT_HEADER_PROMO]

/** The header's slots with each header row the page fills (visible content) taken from the page. */
export function withPageHeaderSlots<
  S extends { position: string; components: { component: readonly { visible?: string }[] } },
>(header: readonly S[], page: readonly S[]): S[] {
  const own = (position: string) =>
    page.find((s) => s.position === position && s.components.component.some(isVisible))
  const merged = header.map((slot) =>
    HEADER_POSITIONS.includes(slot.position) ? (own(slot.position) ?? slot) : slot,
  )
  // A row the page fills that the header page does not have at all.
  for (const position of HEADER_POSITIONS) {
    const pageSlot = own(position)
    if (pageSlot && !header.some((s) => s.position === position)) merged.push(pageSlot)
  }
  return merged
}
