/**
 * What each switchable plugin is, in words: the one copy of each description. A plugin's manifest
 * declares its row as its `about` (`about: PLUGIN_ABOUT.search`), and the operators' console reads the
 * same rows (contracts/brandPlugins.ts): the page server never imports a plugin, so the words live
 * here, below both, each under its plugin's id.
 */
export interface PluginAbout {
  name: string
  /** What it puts on the page, in a shopper's words. */
  shows: string
  /** The team that answers for it. */
  owner: string
  /** The server calls it makes (paths as its services send them); none are made while it is off. */
  calls: readonly string[]
}

export const PLUGIN_ABOUT = {
  logging: {
    name: 'Logging',
    shows: "Nothing visible: the header's errors and log records for the monitoring agent",
    owner: 'Header platform team',
    calls: [],
  },
  analytics: {
    name: 'Analytics',
    shows: "Nothing visible: page views and clicks for the tag manager, and the shopper's tags",
    owner: 'Digital analytics team',
    calls: ['getTealiumTags'],
  },
  consent: {
    name: 'Cookie consent',
    shows:
      "The cookie and privacy banner, with the links to the store's privacy notices, and the choice every tracker waits for",
    owner: 'Privacy and legal team',
    calls: ['consents'],
  },
  content: {
    name: 'Content helpers',
    shows: 'Nothing in the header: "Notify me" and the maps look-up for the page\'s own code',
    owner: 'Content team',
    calls: ['alert/alertMe', 'maps/geocode'],
  },
  nav: {
    name: 'Navigation',
    shows: "The main navigation bar with its flyouts, and the mobile menu's categories",
    owner: 'Merchandising team',
    calls: [],
  },
  search: {
    name: 'Search',
    shows: 'The search box and its suggestion flyout',
    owner: 'Search team',
    calls: ['products/searchsuggestions', 'products/searchText', 'products/searchProductsForCarousel'],
  },
  auth: {
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
  },
  loyalty: {
    name: 'Loyalty (perks)',
    shows:
      "The perks prompt and opt-in, the member's cashback in the account menu, and the footer newsletter sign-up",
    owner: 'Loyalty team',
    calls: ['/rest/v1/lms/usb2c/fetchLoyaltyDetails', 'perks opt-in', 'kpcEmailSignup', 'referrals'],
  },
} as const satisfies Record<string, PluginAbout>
