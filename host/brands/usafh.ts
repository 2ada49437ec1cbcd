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
    // The tag manager (page views, the nav spec §7 catalogue), started after the first paint.
    { id: 'analytics' },
    // The cookie banner and the one consent state the trackers are gated on (policy in site configuration).
    { id: 'consent' },
    // Notify me and maps geocode for the page's own code (window.oneHeader.alertMe, .geocode).
    { id: 'content' },
    { id: 'nav' },
    // Search: the defaults (no curr, no image suffix, tile links as given).
    { id: 'search' },
    // Account menu: the food-service set (Build A Bundle, no Register Coffee Maker).
    {
      id: 'auth',
      options: {
        menuSet: 'commercial',
        // Shown only with the web app's auto-delivery flag (header spec §5).
        links: [
          {
            label: 'header.menu.my.business',
            url: '/my-account/business',
            dataSelector: 'my-business',
            showOnLogout: false,
          },
        ],
      },
    },
    // The footer newsletter; the site configuration keeps the loyalty programme off for business.
    { id: 'loyalty' },
  ],
})
