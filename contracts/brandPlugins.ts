import type { Brand, Lang } from '../site/brand'

/**
 * What the operators' console (server/console) shows of the header's plugins: each brand file's
 * plugin ids in order (`host/brands/<brand>.ts`), its languages, and each manifest's `requires`,
 * `about` and slots. The server never imports the host or a plugin, so this is a copy, and
 * `test/integration/brandPluginFacts.test.ts` fails the moment it and the brand files or manifests
 * disagree: a description is written once, in the plugin's manifest.
 */
export interface PluginFacts {
  id: string
  /** The manifest's `requires`: plugins that must run for this one to start. */
  requires: readonly string[]
  /** The manifest's `about.name`. */
  name: string
  /** The manifest's `about.shows`: what a shopper sees of it. */
  shows: string
  /** The manifest's `about.owner`. */
  owner: string
  /** The manifest's `about.calls`: the server calls that stop while it is off. */
  calls: readonly string[]
  /** The slots the manifest fills: what is left empty on the store while it is off. */
  slots: readonly string[]
}

const RUN_BY_EVERY_BRAND: readonly PluginFacts[] = [
  {
    id: 'logging',
    requires: [],
    name: 'Logging',
    shows: "Nothing visible: the header's errors and log records for the monitoring agent",
    owner: 'Header platform team',
    calls: [],
    slots: [],
  },
  {
    id: 'analytics',
    requires: [],
    name: 'Analytics',
    shows: "Nothing visible: page views and clicks for the tag manager, and the shopper's tags",
    owner: 'Digital analytics team',
    calls: ['getTealiumTags'],
    slots: [],
  },
  {
    id: 'consent',
    requires: [],
    name: 'Cookie consent',
    shows:
      "The cookie and privacy banner, with the links to the store's privacy notices, and the choice every tracker waits for",
    owner: 'Privacy and legal team',
    calls: ['consents'],
    slots: ['header.cookieBanner'],
  },
  {
    id: 'content',
    requires: [],
    name: 'Content helpers',
    shows: 'Nothing in the header: "Notify me" and the maps look-up for the page\'s own code',
    owner: 'Content team',
    calls: ['alert/alertMe', 'maps/geocode'],
    slots: [],
  },
  {
    id: 'nav',
    requires: [],
    name: 'Navigation',
    shows: "The main navigation bar with its flyouts, and the mobile menu's categories",
    owner: 'Merchandising team',
    calls: [],
    slots: ['header.nav', 'header.mobileMenu.categories'],
  },
  {
    id: 'search',
    requires: [],
    name: 'Search',
    shows: 'The search box and its suggestion flyout',
    owner: 'Search team',
    calls: ['products/searchsuggestions', 'products/searchText', 'products/searchProductsForCarousel'],
    slots: ['header.search'],
  },
  {
    id: 'auth',
    requires: [],
    name: 'Sign-in and account',
    shows:
      "The sign-in entry, the account menu, the mobile menu's account links, the session-expiry dialog and the card notices",
    owner: 'Identity team',
    calls: [
      '/api/auth/login',
      '/api/auth/signup',
      '/api/auth/logout',
      'users/current/getCustomerDetails',
      'getSessionCartGuid',
      'site notifications',
    ],
    slots: ['header.account', 'header.mobileMenu', 'header.sessionDialog', 'header.siteNotice'],
  },
  {
    id: 'loyalty',
    requires: [],
    name: 'Loyalty (perks)',
    shows:
      "The perks prompt and opt-in, the member's cashback in the account menu, and the footer newsletter sign-up",
    owner: 'Loyalty team',
    calls: ['/rest/v1/lms/usb2c/fetchLoyaltyDetails', 'perks opt-in', 'kpcEmailSignup', 'referrals'],
    slots: ['header.loyalty', 'header.account.loyalty', 'header.mobileMenu.loyalty', 'footer.newsletter'],
  },
]

export const BRAND_PLUGINS: Readonly<Record<Brand, readonly PluginFacts[]>> = {
  usb2c: RUN_BY_EVERY_BRAND,
  cab2c: RUN_BY_EVERY_BRAND,
  usafh: RUN_BY_EVERY_BRAND,
}

/** Each brand file's `shell.languages`: a brand's plugin switches are set per language it has. */
export const BRAND_LANGUAGES: Readonly<Record<Brand, readonly Lang[]>> = {
  usb2c: ['en'],
  cab2c: ['en', 'fr'],
  usafh: ['en'],
}

/**
 * The plugins a brand must run because a law or a contract says so, with why. A brand team may not
 * switch them off; an admin may, with a second confirmation and a reason of its own.
 */
export interface Obligation {
  plugin: string
  why: string
}

/** Consent on every store: trackers wait for the visitor's choice, and the banner is how it is asked. */
const CONSENT_EVERYWHERE: Obligation = {
  plugin: 'consent',
  why: 'The cookie banner asks for the visitor’s consent before any tracker runs (state privacy laws and the tag vendors’ contracts).',
}

export const BRAND_OBLIGATIONS: Readonly<Record<Brand, readonly Obligation[]>> = {
  usb2c: [CONSENT_EVERYWHERE],
  cab2c: [
    CONSENT_EVERYWHERE,
    {
      plugin: 'consent',
      why: 'Canada’s privacy and cookie notices are linked from its banner, in English and French (PIPEDA, Quebec’s Law 25).',
    },
  ],
  usafh: [CONSENT_EVERYWHERE],
}

/**
 * The plugins left running that need one of `off`, each with the ones it needs: a switch set that
 * leaves any is refused, naming them (the kernel would not start them: registry's MISSING_DEPENDENCY).
 */
export function unmetRequirements(
  plugins: readonly Pick<PluginFacts, 'id' | 'requires'>[],
  off: ReadonlySet<string>,
): { id: string; needs: string[] }[] {
  return plugins
    .filter((p) => !off.has(p.id))
    .map((p) => ({ id: p.id, needs: p.requires.filter((r) => off.has(r)) }))
    .filter((p) => p.needs.length > 0)
}

/** The obligations of `brand` that switching off `off` would break. */
export const brokenObligations = (brand: Brand, off: ReadonlySet<string>): Obligation[] =>
  BRAND_OBLIGATIONS[brand].filter((o) => off.has(o.plugin))
