import { isVisible, type NavComponent, type NavItemData } from '../../../contracts/cms'
import { isSameOriginPath } from '../../../site/safePath'

export interface FlyoutLink {
  uid: string
  name: string
  url: string
}

/** A section of a panel: its header (a link or a caption) and the links attached to it. */
export interface FlyoutGroup {
  uid: string
  heading?: { name: string; url?: string }
  links: FlyoutLink[]
}

/** A top-level item's flyout panel (nav spec §2), as the bar draws it. */
export interface Flyout {
  /** Recipe and sustainability panels open on the right, the others on the left. */
  side: 'left' | 'right'
  body: FlyoutGroup[]
  sideBar: FlyoutGroup[]
  /** Hidden when empty. */
  footer: FlyoutLink[]
}

const HEADER_MODES = new Set(['SECTION_HEADER_LINK', 'SECTION_HEADER_NOLINK'])
/**
 * The modes drawn as links. Those that are cards with images in the full panels (promo, article,
 * products, MAXPRO) are drawn as their link for now; NOBO links need the agent bar, so are left out.
 */
const LINK_MODES = new Set([
  'LARGE_IMPORTANCE',
  'MEDIUM_IMPORTANCE',
  'LOW_IMPORTANCE',
  'PROMO',
  'ARTICLE',
  'LARGE_PRODUCT',
  'PRODUCT_SIMPLE',
  'PRODUCT_DETAIL',
  'MAXPRO',
])
const OPENS_RIGHT = new Set(['RecipeBarComponent', 'SustainabilityBarComponent'])

type Section = 'body' | 'sideBar' | 'footer'
type FlyoutItem = NavItemData & { section: Section }

const linkOf = (item: FlyoutItem): FlyoutLink | undefined => {
  const name = item.linkName.trim()
  const url = (item.linkUrl ?? '').trim()
  return name && isSameOriginPath(url) ? { uid: item.componentId, name, url } : undefined
}

const SECTIONS: Record<string, Section> = { body: 'body', sidebar: 'sideBar', footer: 'footer' }

/** The three CMS shapes of a panel's content (contracts/cms.ts) as one list, each item with its section. */
export function menuItemsOf(component: NavComponent): FlyoutItem[] {
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
 * The panel of the top-level item `uid` from its CMS content: visible items only, links only to
 * paths on this site (a CMS typo never becomes a link), items grouped under the section header they
 * name, in CMS order; items naming no header (or one not in their section) lead their section
 * without a heading, and a caption with nothing under it is left out. No link at all: no panel,
 * and the item stays a plain link.
 */
export function flyoutFor(uid: string, content: readonly FlyoutItem[] | undefined): Flyout | undefined {
  const items = (content ?? []).filter(isVisible)
  const groupsOf = (section: FlyoutItem['section']): FlyoutGroup[] => {
    const inSection = items.filter((i) => i.section === section)
    const headers = inSection.filter((i) => HEADER_MODES.has(i.mode))
    const headerIds = new Set(headers.map((h) => h.componentId))
    const linksUnder = (headerId: string | undefined) =>
      inSection.flatMap((i) => {
        if (!LINK_MODES.has(i.mode)) return []
        const under =
          i.linkComponentId !== undefined && headerIds.has(i.linkComponentId) ? i.linkComponentId : undefined
        const link = under === headerId ? linkOf(i) : undefined
        return link ? [link] : []
      })
    const groups: FlyoutGroup[] = [{ uid: `${uid}-${section}`, links: linksUnder(undefined) }]
    for (const header of headers) {
      const name = header.linkName.trim()
      const url = header.mode === 'SECTION_HEADER_LINK' ? linkOf(header)?.url : undefined
      groups.push({
        uid: header.componentId,
        heading: { name, ...(url ? { url } : {}) },
        links: linksUnder(header.componentId),
      })
    }
    return groups.filter((g) => g.links.length > 0 || (g.heading?.name && g.heading.url))
  }
  const body = groupsOf('body')
  const sideBar = groupsOf('sideBar')
  // The footer is one row of links in CMS order: its header links are links like the others.
  const footer = items.flatMap((i) => {
    const drawn = i.section === 'footer' && (LINK_MODES.has(i.mode) || i.mode === 'SECTION_HEADER_LINK')
    const link = drawn ? linkOf(i) : undefined
    return link ? [link] : []
  })
  if (body.length + sideBar.length + footer.length === 0) return undefined
  return { side: OPENS_RIGHT.has(uid) ? 'right' : 'left', body, sideBar, footer }
}
