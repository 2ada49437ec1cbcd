import { BRAND_NAMES } from '../../site/brand'
import { withDefaultPlugins } from './defaultPlugins'
import { defineBrand } from './defineBrand'

/** US business (away-from-home) store: English only, commercial navigation set, taller header. */
export default defineBrand({
  brand: 'usafh',
  shell: {
    brandSlug: 'brewco',
    displayName: BRAND_NAMES.usafh.logo,
    languages: ['en'],
    freeShipping: false,
    headerHeight: 85,
  },
  plugins: withDefaultPlugins([
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
  ]),
})
