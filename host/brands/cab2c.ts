import { defineBrand } from './defineBrand'

/** Canada consumer store: English and French (EN | FR selector), no free-shipping message. */
export default defineBrand({
  brand: 'cab2c',
  shell: {
    brandSlug: 'brewco',
    displayName: 'Brewco',
    languages: ['en', 'fr'],
    freeShipping: false,
    headerHeight: 80,
  },
  plugins: [
    { id: 'logging' },
    { id: 'nav', options: { menuSet: 'canada' } },
    { id: 'search' },
    { id: 'auth' },
  ],
})
