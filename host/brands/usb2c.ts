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
    { id: 'nav', options: { menuSet: 'consumer' } },
    // Search: the defaults (no curr, no image suffix, tile links as given).
    { id: 'search' },
    // Account menu: the consumer set, the plain "Sign In" to /login, nothing hidden (the defaults).
    { id: 'auth', options: { menuSet: 'consumer' } },
  ],
})
