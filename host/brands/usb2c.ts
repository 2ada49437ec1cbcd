import { defineBrand } from './defineBrand'

/** US consumer store: English only, free-shipping message, consumer navigation. */
export default defineBrand({
  brand: 'usb2c',
  shell: {
    brandSlug: 'brewco',
    displayName: 'Brewco',
    languages: ['en'],
    freeShipping: true,
    headerHeight: 80,
  },
  plugins: [
    { id: 'logging' },
    // The tag manager (page views, the nav spec §7 catalogue), started after the first paint.
    { id: 'analytics' },
    // The cookie banner and the one consent state the trackers are gated on (policy in site configuration).
    { id: 'consent' },
    // Notify me and maps geocode for the page's own code (window.oneHeader.alertMe, .geocode).
    { id: 'content' },
    { id: 'nav' },
    // Search: the defaults (no curr, no image suffix, tile links as given).
    { id: 'search' },
    // Account menu: the consumer set, the plain "Sign In" to /login, nothing hidden, and its own links.
    {
      id: 'auth',
      options: {
        menuSet: 'consumer',
        links: [
          // Header spec §5: Start for visitors and customers without auto-delivery; My for those with it.
          {
            label: 'header.menu.auto.delivery',
            isNoLink: true,
            dataSelector: 'auto-delivery-menu',
            subMenuLinks: [
              {
                label: 'header.menu.start.auto.delivery',
                url: '/coffee-auto-delivery',
                dataSelector: 'start-auto-delivery',
              },
              {
                label: 'header.menu.my.auto.delivery',
                url: '/my-account/my-replenishment',
                dataSelector: 'my-auto-delivery',
                showOnLogout: false,
              },
            ],
          },
          // Perks members only: the store sets isPerksOptIn on opt-in (header spec §3 cookies).
          {
            label: 'header.menu.my.perks',
            url: '/my-account/loyalty',
            dataSelector: 'my-perks',
            showOnLogout: false,
            showIfCookies: ['isPerksOptIn'],
          },
          // Agents (nobo sessions) only.
          {
            label: 'header.menu.customer.lookup',
            url: '/cs/customer-lookup',
            dataSelector: 'customer-lookup',
            isNoboUser: true,
          },
        ],
      },
    },
    // Loyalty (perks) in the header row, the account menu and the phone menu; the footer newsletter.
    { id: 'loyalty' },
  ],
})
