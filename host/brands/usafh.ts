import { defineBrand } from './defineBrand'

/** US business (away-from-home) store: English only, commercial navigation set, taller header. */
export default defineBrand({
  brand: 'usafh',
  shell: {
    brandSlug: 'brewco',
    displayName: 'Brewco Commercial',
    languages: ['en'],
    freeShipping: false,
    headerHeight: 85,
  },
  plugins: [
    { id: 'logging' },
    { id: 'nav', options: { menuSet: 'commercial' } },
    { id: 'search' },
    { id: 'auth' },
  ],
})
