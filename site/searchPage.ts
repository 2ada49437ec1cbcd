/** The search page (header spec §2: /search, French /fr/recherche), where Enter in the search box goes. */
export const SEARCH_PAGE = { en: '/search', fr: '/fr/recherche' } as const
