import { BRAND_NAMES } from '../../site/brand'
import { withDefaultPlugins } from './defaultPlugins'
import { defineBrand } from './defineBrand'

/** Canada consumer store: English and French (EN | FR selector), no free-shipping message. */
export default defineBrand({
  brand: 'cab2c',
  shell: {
    brandSlug: 'brewco',
    displayName: BRAND_NAMES.cab2c.logo,
    languages: ['en', 'fr'],
    freeShipping: false,
    headerHeight: 80,
  },
  plugins: withDefaultPlugins([
    // Consent: Canada's notices (its privacy and cookie policies), not California's notice at collection.
    { id: 'consent', options: { notices: 'ca' } },
    {
      id: 'search',
      // French prices in CAD (header spec §7), `_CA` image names (nav spec §3), tiles under /fr in French.
      options: { currencyByLang: { fr: 'CAD' }, imageSuffix: '_CA', localizedProductLinks: true },
    },
    {
      id: 'auth',
      options: {
        menuSet: 'canada',
        // Its own caption, and a login page that opens on registration (header spec §2).
        signIn: { label: 'header.menu.sign.in.ca', url: '/login?register=true' },
        // "Quick reorder and cart links are hidden on the Canadian site" (header spec §5).
        hiddenEntries: ['quick-reorder'],
        // GET /handleLoggedInUserCookies after login (header spec §7, cab2c only).
        loggedInUserCookies: true,
        // The other language as a menu entry too (a custom link component the shell registers).
        links: [
          { isCustomComponent: true, customComponent: 'shell.languageLinks', dataSelector: 'language-links' },
        ],
      },
    },
    {
      id: 'loyalty',
      options: {
        // Loyalty-excluded customers see an info tooltip (header spec §4, §6: the Canadian brand).
        excludedInfo: true,
        // Super-welcome (SWU) members are shown their offer (header spec §6: the Canadian brand).
        superWelcome: true,
        // The newsletter's terms box must be ticked (header spec §5: cab2c with checkboxContent).
        newsletter: { terms: true },
        programmePage: { en: '/brewco-rewards', fr: '/fr/programme-fidelite-brewco' },
      },
    },
  ]),
})
