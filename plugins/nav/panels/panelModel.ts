import { isVisible } from '../../../contracts/cms'
import { htmlToText, sanitizeInlineHtml, superscriptMarks } from '../../../kernel/html/sanitize'
import { isSameOriginPath } from '../../../site/safePath'
import { FULL_WIDTH_PROMO, type Layout, layoutOf, sideOf } from './layouts'
import {
  CARD_MODES,
  cardUrlOf,
  headerNameOf,
  headerUrlOf,
  isHeaderMode,
  type Mode,
  type PanelItem,
  type Section,
} from './panelItems'
import { type CardColour, cardColourOf } from './safeColor'

export { menuItemsOf } from './panelItems'

/** A link with its name as plain text and a same-origin address. */
export interface Link {
  name: string
  url: string
}

/**
 * One drawable card: every text already through the one sanitiser (names as plain text, labels
 * as inline HTML), every address through the same-origin rule. Fields the CMS left out, or that
 * came out empty or unsafe, are absent.
 */
export interface Card {
  uid: string
  mode: Mode
  section: Section
  /** Plain text; may be empty only for a promo that speaks through its labels. */
  name: string
  url: string
  /** The name of the section header it sits under (analytics' data-nav-header). */
  header?: string
  image?: string
  innerImage?: string
  /** Sanitised inline HTML (emphasis only; ™ ® © as superscript). */
  label1?: string
  label2?: string
  description?: string
  disclaimer?: string
  primaryButton?: Link
  secondaryLink?: Link
  /** Promo cards: which side their picture takes. */
  position: 'left' | 'right'
  /** Recipe articles: CMS position "1", the first article slot of its group (drawn first and wide). */
  first: boolean
  /** Recipe large-importance cards: 110 px pictures beside the name (70 px on medium). */
  compact: boolean
  colour?: CardColour
}

export interface Heading {
  uid: string
  name: string
  url?: string
  /**
   * What analytics reports for a click on it: the deal-of-the-day header reports its
   * `headerName` (nav spec §7); other headers report nothing of their own.
   */
  analyticsName?: string
}

/**
 * A section header's group: its heading and its cards. A header that has both a `headerName` and
 * its own link name (the deal of the day: "Deal of the Day" over the product) is drawn as the
 * heading (headerName, to headerLinkUrl) and its link as the group's first card, with its picture.
 */
export interface Group {
  uid: string
  heading?: Heading
  cards: Card[]
}

/** The footer (nav spec §2): brand heading, large, medium, promos, articles, low-importance links. */
export interface Footer {
  heading?: Heading
  cards: Card[]
  links: Card[]
}

/** What an open panel shows (nav spec §2), laid out by its layout. */
export interface PanelModel {
  layout: Layout
  side: 'left' | 'right'
  /** NOBO links: drawn only for an agent, in a highlighted bar at the top of the body (nav spec §6). */
  nobo: Card[]
  body: Group[]
  /** Hot brewers, coffee, commercial shop, kold bar and accessories: the full-width promo. */
  promo?: Card
  sideBar: Group[]
  /** Absent when it would be empty. */
  footer?: Footer
}

const DEAL_OF_THE_DAY_HEADER = 'DealOfTheDayHeaderComponent'

/**
 * Text with neither '<' nor '&' (nor a control character) holds no tag and no entity: the sanitiser would give it back as it
 * is (white space aside), so it is not asked. Most CMS names are such text, and a panel's first
 * opening stays quick (the sanitiser costs far more per call than this test).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the parser rewrites control characters, so such text takes the sanitiser's path
const MARKUP = /[<&\u0000-\u0008\u000b\u000e-\u001f\u007f]/
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Plain text of CMS text: markup and entities through the sanitiser, white space as one space. */
export const plainText = (text: string | undefined) =>
  text ? squeeze(MARKUP.test(text) ? htmlToText(text) : text) : ''

/** A label as sanitised inline HTML (™ ® © as superscript), or undefined when nothing readable is left. */
export function labelHtml(html: string | undefined): string | undefined {
  if (!html?.trim()) return undefined
  if (!MARKUP.test(html)) return squeeze(html).replace(/[™®©]/g, '<sup>$&</sup>') || undefined
  const safe = superscriptMarks(sanitizeInlineHtml(html))
  return plainText(safe) ? safe : undefined
}

const path = (url: string | undefined) => {
  const trimmed = url?.trim()
  return isSameOriginPath(trimmed) ? trimmed : undefined
}

const linkOf = (name: string | undefined, url: string | undefined): Link | undefined => {
  const text = plainText(name)
  const to = path(url)
  return text && to ? { name: text, url: to } : undefined
}

/**
 * The item as a card, or undefined when it is not one the panel can draw: no same-origin link, or
 * nothing to read (a promo may speak through its labels alone).
 */
export function cardOf(item: PanelItem, header?: string): Card | undefined {
  const mode = item.mode as Mode
  const url = cardUrlOf(item)
  if (!url) return undefined
  const name = plainText(item.linkName)
  const label1 = labelHtml(item.label1)
  const label2 = labelHtml(item.label2)
  if (!name && !(mode === 'PROMO' && (label1 || label2))) return undefined
  const primaryButton = linkOf(item.primaryButtonLinkName, item.primaryButtonLinkUrl)
  const secondaryLink = linkOf(item.secondaryLinkName, item.secondaryLinkUrl)
  const description = labelHtml(item.primaryDescription)
  const disclaimer = labelHtml(item.disclaimer)
  const colour = cardColourOf(item.backgroundColor)
  // The big cards draw their outer picture with the inner one on it; the others their picture.
  const outer = mode === 'MAXPRO' || mode === 'PRODUCT_DETAIL'
  const image = path(outer ? (item.outerImageUrl ?? item.imageUrl) : (item.imageUrl ?? item.outerImageUrl))
  const innerImage = path(item.innerImageUrl)
  return {
    uid: item.componentId,
    mode,
    section: item.section,
    name,
    url,
    ...(header ? { header } : {}),
    ...(image ? { image } : {}),
    ...(innerImage ? { innerImage } : {}),
    ...(label1 ? { label1 } : {}),
    ...(label2 ? { label2 } : {}),
    ...(description ? { description } : {}),
    ...(disclaimer ? { disclaimer } : {}),
    ...(primaryButton ? { primaryButton } : {}),
    ...(secondaryLink ? { secondaryLink } : {}),
    position: item.position?.trim().toLowerCase() === 'right' ? 'right' : 'left',
    first: item.position?.trim() === '1',
    compact: false,
    ...(colour ? { colour } : {}),
  }
}

function headingOf(item: PanelItem): Heading | undefined {
  const name = plainText(headerNameOf(item))
  if (!name) return undefined
  const url = item.mode === 'SECTION_HEADER_LINK' ? path(headerUrlOf(item)) : undefined
  const analyticsName = item.componentId === DEAL_OF_THE_DAY_HEADER ? plainText(item.headerName) || name : ''
  return {
    uid: item.componentId,
    name,
    ...(url ? { url } : {}),
    ...(analyticsName ? { analyticsName } : {}),
  }
}

/** The header's own link when its heading shows its headerName instead (see Group). */
function leadOf(item: PanelItem, heading: Heading): Card | undefined {
  if (item.mode !== 'SECTION_HEADER_LINK' || !plainText(item.headerName)) return undefined
  const card = cardOf(item, heading.analyticsName ?? heading.name)
  return card && card.name !== heading.name ? card : undefined
}

/**
 * A section's items grouped under the header each names (`linkComponentId` = the header's
 * `componentId`), in CMS order: first the items naming no header of this section, without a
 * heading, then one group per header. Cards of modes the section does not draw are left out.
 */
function groupsOf(items: readonly PanelItem[], section: Section, uid: string): Group[] {
  const inSection = items.filter((i) => i.section === section)
  const headers = inSection.filter((i) => isHeaderMode(i.mode))
  const headings = new Map(headers.map((h) => [h.componentId, headingOf(h)]))
  const groups = new Map<string, Group>([[`${uid}-${section}`, { uid: `${uid}-${section}`, cards: [] }]])
  for (const header of headers) {
    const heading = headings.get(header.componentId)
    if (!heading || groups.has(header.componentId)) continue
    const lead = leadOf(header, heading)
    groups.set(header.componentId, { uid: header.componentId, heading, cards: lead ? [lead] : [] })
  }
  const seen = new Set<string>()
  for (const item of inSection) {
    if (!CARD_MODES[section].has(item.mode as Mode) || seen.has(item.componentId)) continue
    const underId =
      item.linkComponentId && groups.has(item.linkComponentId) ? item.linkComponentId : undefined
    const group = groups.get(underId ?? `${uid}-${section}`)
    const card = cardOf(item, group?.heading?.name)
    if (!group || !card) continue
    seen.add(item.componentId)
    group.cards.push(card)
  }
  return [...groups.values()]
}

/** A group is drawn when it has a card, or when its heading is itself a link. */
const drawn = (g: Group) => g.cards.length > 0 || g.heading?.url !== undefined

const TIER: Partial<Record<Mode, number>> = {
  SECTION_HEADER_LINK: -1,
  LARGE_IMPORTANCE: 0,
  MEDIUM_IMPORTANCE: 1,
  LOW_IMPORTANCE: 2,
}
const byTier = (a: Card, b: Card) => (TIER[a.mode] ?? 3) - (TIER[b.mode] ?? 3)

const FOOTER_ORDER: Partial<Record<Mode, number>> = {
  LARGE_IMPORTANCE: 0,
  MEDIUM_IMPORTANCE: 1,
  PROMO: 2,
  ARTICLE: 3,
}

function footerOf(items: readonly PanelItem[], uid: string): Footer | undefined {
  const groups = groupsOf(items, 'footer', uid)
  const heading = groups.find((g) => g.heading)?.heading
  const all = groups.flatMap((g) => g.cards)
  // A header's own link (see Group) is one of the links.
  const isLink = (c: Card) => c.mode === 'LOW_IMPORTANCE' || c.mode === 'SECTION_HEADER_LINK'
  const cards = all
    .filter((c) => !isLink(c))
    .sort((a, b) => (FOOTER_ORDER[a.mode] ?? 9) - (FOOTER_ORDER[b.mode] ?? 9))
  // The brand heading's own link leads the links.
  const links = [
    ...all.filter((c) => c.mode === 'SECTION_HEADER_LINK'),
    ...all.filter((c) => c.mode === 'LOW_IMPORTANCE'),
  ]
  if (cards.length + links.length === 0) return undefined
  return { ...(heading ? { heading } : {}), cards, links }
}

/**
 * The panel of the component `layoutId` (nav spec §2): visible items only, cards only with a
 * same-origin link and something to read, grouped per section header; laid out by the layout the
 * component id chooses. Undefined when it would show nothing (the item then stays a plain link).
 */
export function panelModelOf(
  layoutId: string,
  content: readonly PanelItem[] | undefined,
): PanelModel | undefined {
  const layout = layoutOf(layoutId)
  const items = (content ?? []).filter(isVisible)
  const body = groupsOf(items, 'body', layoutId)
  const model: PanelModel = {
    layout,
    side: sideOf(layout),
    nobo: items.flatMap((i) => {
      const card = i.mode === 'NOBO' ? cardOf(i) : undefined
      return card ? [card] : []
    }),
    body,
    sideBar: groupsOf(items, 'sideBar', layoutId).filter(drawn),
  }
  const footer = footerOf(items, layoutId)
  if (footer) model.footer = footer

  if (layout === 'beverage') for (const group of body) group.cards.sort(byTier)
  // Recipe: in each header's group the article in position "1" leads, drawn wide; the large cards
  // are the compact list. Elsewhere position "1" means nothing.
  for (const card of [...body, ...model.sideBar].flatMap((g) => g.cards)) {
    card.first &&= layout === 'recipe' && card.mode === 'ARTICLE'
    card.compact = layout === 'recipe' && card.mode === 'LARGE_IMPORTANCE'
  }
  if (model.footer) for (const card of model.footer.cards) card.first = false
  if (layout === 'recipe')
    for (const group of body) {
      const first = group.cards.find((c) => c.first)
      for (const card of group.cards) card.first = card === first
      if (first) group.cards = [first, ...group.cards.filter((c) => c !== first)]
    }
  if (FULL_WIDTH_PROMO.has(layout)) {
    const promo = body.flatMap((g) => g.cards).find((c) => c.mode === 'PROMO')
    if (promo) {
      model.promo = promo
      for (const group of body) group.cards = group.cards.filter((c) => c !== promo)
    }
  }
  model.body = body.filter(drawn)

  const shows =
    model.body.length + model.sideBar.length + (model.promo ? 1 : 0) > 0 || model.footer !== undefined
  return shows ? model : undefined
}
