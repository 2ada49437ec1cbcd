import type { Brand, Lang } from '../site/brand'

/**
 * The server side of the header's first view: the page server renders the whole header's
 * first view into `#oneHeaderContainer` with the header's own renderer, so the shopper gets a working
 * header (links, a search form, the log-in link, the cart) with the page's HTML, before any script
 * runs. The renderer is header code (host/firstView/firstViewHtml.tsx), built beside the server bundle
 * (`FIRST_VIEW_RENDERER_FILE`) and loaded by the page server at run time: the server never imports the
 * header's source, as with the build manifest.
 */
export const FIRST_VIEW_RENDERER_FILE = 'firstView.mjs'

/** The three start-up answers the first view is painted from, as parsed JSON, not yet decoded. */
export interface FirstViewBodies {
  /** `cms/siteConfig`: configuration and labels. */
  site: unknown
  /** `cms/content-slots/NavigationBarSlot`: the navigation's component uids. */
  slot: unknown
  /** `cms/components` for those uids. */
  components: unknown
  /**
   * The header's content slots for this page (`cms/pages` shape: the `oneHeader` page with the home
   * or search page's own rows over it, targeted for the visitor as the header's calls are): the
   * notification and promotion rows the first view draws. Absent: those rows stay empty until live.
   */
  page?: unknown
}

/** Who the session cookies say the shopper is: the account control greets a signed-in one. */
export interface FirstViewShopper {
  signedIn: boolean
  firstName: string
  /**
   * A perks member, as the `isPerksOptIn` cookie the header keeps says (header spec §3): the loyalty
   * display's first view shows the member label instead of the join prompt. Absent: not known.
   */
  perksMember?: boolean
}

/**
 * What the consent cookies say (contracts/consentCookie.ts `isConsentDue`): the cookie banner is in the
 * first view while consent is due, so it is on screen at first paint instead of popping in.
 */
export interface FirstViewConsent {
  bannerDue: boolean
}

/** What the page server hands the renderer. */
export interface FirstViewRequest {
  bodies: FirstViewBodies
  brand: Brand
  lang: Lang
  pathname: string
  /** The page address's query (`?text=…` fills the search page's box). */
  search: string
  /** The optional rows the page reserved (`data-rows`). */
  rows: { eyebrow: boolean; notification: boolean; siteNotice: boolean; promo: boolean }
  shopper: FirstViewShopper
  /** Absent: not due (a page server that does not read the consent cookies). */
  consent?: FirstViewConsent
  /** An article's address in the other language (the page's hidden inputs), for the language links. */
  oppositeLanguage?: { category: string; title: string }
}

/** The renderer's whole first view: its HTML, or '' when it has nothing to paint (bad data). */
export type RenderFirstView = (request: FirstViewRequest) => string

/** What of a first view's request is the shopper's own: drawn for every page, never kept for another. */
export type FirstViewPersonal = Pick<FirstViewRequest, 'shopper' | 'consent'>

/** The rest of a first view's request: the same for every shopper who sends it. */
export type SharedFirstViewRequest = Omit<FirstViewRequest, 'shopper' | 'consent'>

/**
 * A first view drawn but for the parts of the plugins drawn from the shopper or their consent (the
 * account control, the phone menu's button, the site-notice row, loyalty, the cookie banner): the
 * page server keeps it for every shopper who sends the same shared request, and finishes it per
 * page, drawing only those parts.
 */
export interface PreparedFirstView {
  /** About how much memory it holds, in UTF-16 code units. */
  readonly chars: number
  /** The whole first view for this shopper: as `RenderFirstView` draws it for the whole request. */
  finish(personal: FirstViewPersonal): string
}

/**
 * The renderer's export the page server uses (`prepareFirstView` of `FIRST_VIEW_RENDERER_FILE`): the
 * shared part of a first view, drawn once, to finish per shopper.
 */
export type PrepareFirstView = (request: SharedFirstViewRequest) => PreparedFirstView

/** The page a first view is drawn for. */
export interface FirstViewPage {
  brand: Brand
  lang: Lang
  pathname: string
  /** The address's query (`?text=…` fills the search page's box). */
  search: string
}
