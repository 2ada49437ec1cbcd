import type { AnalyticsHandler, TagPayload } from '../../kernel/plugin/definePlugin'
import { withoutLangPrefix } from '../../site/language'
import { isBrandSlug, matchPattern } from '../../site/routePattern'
import type { NavLinkClick } from './events'

/** The Deal-of-the-Day section header: its clicks report the header's name (nav spec §7). */
export const DEAL_OF_THE_DAY_HEADER = 'DealOfTheDayHeaderComponent'

/** The extra event of a link to the perfect-cup quiz (`/quiz`, `/fr/quiz`). */
export const QUIZ_EVENT = 'perfect_cup_quiz_start'
/** The extra event of a starter-kit link that opens one of the offers. */
export const STARTER_KIT_EVENT = 'starter_kit_offer'
/** The extra event of one of the four promotion cards. */
export const CARD_EVENT = 'nav_card_click'

/** The `openedKSK` query values that are starter-kit offers (nav spec §7); any other value is none. */
export const STARTER_KIT_OFFERS = ['KSKBBAD', 'FIFTYPERCENTBREWER', 'FREEBREWER'] as const
export type StarterKitOffer = (typeof STARTER_KIT_OFFERS)[number]

/**
 * The panel cards that report themselves (nav spec §7 "navigation events only for their own
 * component ids"), by exact component id, with the name the report gives them.
 */
export const NAV_CARDS: ReadonlyMap<string, string> = new Map([
  ['NavSustainabilityCardComponent', 'sustainability'],
  ['NavStarterKitCardComponent', 'starter kit'],
  ['NavAutoDeliveryCardComponent', 'auto delivery'],
  ['NavSmartFamilyCardComponent', 'smart family'],
])

/**
 * The starter-kit page in both languages: the route table's brand-name row
 * (site/routeTable.ts, `/{brandName}-starter-kit` ↔ `/fr/trousse-de-demarrage-{brandName}`) for any
 * brand slug, so the plugin needs no brand option (`/brewco-starter-kit`, `/brewer-starter-kit`).
 */
const STARTER_KIT_PAGES = ['/{slug}-starter-kit', '/fr/trousse-de-demarrage-{slug}']

const PROBE_ORIGIN = 'https://shop.example'

/** `path` split into its pathname (trailing slash dropped) and query; undefined for an empty path. */
function parsePath(path: string): { pathname: string; query: URLSearchParams } | undefined {
  if (!path.startsWith('/')) return undefined
  const url = new URL(path, PROBE_ORIGIN)
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
  return { pathname, query: url.searchParams }
}

/** True for a link to the perfect-cup quiz, in either language, whatever its query. */
export function isQuizPath(path: string): boolean {
  const parsed = parsePath(path)
  return parsed !== undefined && withoutLangPrefix(parsed.pathname) === '/quiz'
}

/** The offer a link to the starter-kit page opens (its `openedKSK` value), when it is one of the three. */
export function starterKitOfferOf(path: string): StarterKitOffer | undefined {
  const parsed = parsePath(path)
  if (!parsed) return undefined
  const onPage = STARTER_KIT_PAGES.some((pattern) =>
    isBrandSlug(matchPattern(pattern, parsed.pathname)?.slug),
  )
  const value = parsed.query.get('openedKSK')
  return onPage ? STARTER_KIT_OFFERS.find((offer) => offer === value) : undefined
}

/**
 * A followed navigation link as tag-manager payloads (nav spec §7): always `internal_navigation`;
 * then the quiz's, the starter-kit offer's and the card's extra events when the link is one of those.
 */
export function navigationTags(click: NavLinkClick): TagPayload[] {
  const { location, path } = click
  const dealHeader = click.componentId === DEAL_OF_THE_DAY_HEADER && click.header
  const tags: TagPayload[] = [
    {
      event: 'internal_navigation',
      nav_location: location,
      click_text: dealHeader || click.text,
      click_path: path,
      click_type: click.clickType,
    },
  ]
  if (isQuizPath(path)) tags.push({ event: QUIZ_EVENT, nav_location: location, click_path: path })
  const offer = starterKitOfferOf(path)
  if (offer)
    tags.push({ event: STARTER_KIT_EVENT, openedKSK: offer, nav_location: location, click_path: path })
  const card = click.componentId === undefined ? undefined : NAV_CARDS.get(click.componentId)
  if (card) {
    tags.push({
      event: CARD_EVENT,
      card_name: card,
      card_id: click.componentId,
      nav_location: location,
      click_path: path,
    })
  }
  return tags
}

/** The navigation's events and the tag-manager payloads they become (nav spec §7). */
export const navAnalytics: readonly AnalyticsHandler[] = [
  { event: 'nav:linkClicked', tags: (e) => navigationTags(e.payload) },
]
