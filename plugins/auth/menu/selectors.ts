/**
 * The data selectors of the account menu's built-in entries and its Support link (header spec §3
 * dataSelector): one list for the entries that carry them and for the check that a brand's own links
 * never reuse one. Small and free of the menu's code, so the plugin's option schema can import it.
 */
export const SELECTORS = {
  registerCoffeeMakerLoggedOut: 'register-coffee-maker-logged-out',
  registerCoffeeMakerLoggedIn: 'register-coffee-maker-logged-in',
  contactUs: 'contact-us',
  myAccount: 'my-account',
  myBrews: 'my-brews',
  quickReorder: 'quick-reorder',
  trackOrders: 'track-orders',
  myOrders: 'my-orders',
  buildBundle: 'build-bundle',
  signIn: 'sign-in',
  signOut: 'sign-out',
  support: 'support',
} as const

export const BUILT_IN_SELECTORS: readonly string[] = Object.values(SELECTORS)
