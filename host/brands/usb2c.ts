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
    { id: 'search' },
    { id: 'auth' },
  ],
})
