import { BRAND_NAMES } from '../../site/brand'
import { withDefaultPlugins } from './defaultPlugins'
import { defineBrand } from './defineBrand'

/** US consumer store: English only, free-shipping message, consumer navigation. */
export default defineBrand({
  brand: 'usb2c',
  shell: {
    brandSlug: 'brewco',
    displayName: BRAND_NAMES.usb2c.logo,
    languages: ['en'],
    freeShipping: true,
    headerHeight: 80,
  },
  plugins: withDefaultPlugins([
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
  ]),
})
