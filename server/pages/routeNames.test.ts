import { describe, expect, it } from 'vitest'
import { routeName } from './routeNames'

describe('page names', () => {
  it.each([
    ['/fr/accueil', { id: 'home', name: 'Accueil' }],
    ['/fr', { id: 'home', name: 'Accueil' }],
    ['/fr/recherche', { id: 'search', name: 'Recherche' }],
    [
      '/fr/appliances/enregistrez-votre-cafetiere',
      { id: 'register-brewer', name: 'Enregistrez votre cafetière' },
    ],
    ['/fr/trousse-de-demarrage-brewco', { id: 'starter-kit', name: 'Trousse de démarrage' }],
    ['/fr/offres-brewco', { id: 'deals', name: 'Offres' }],
    ['/fr/programme-fidelite-brewco', { id: 'loyalty-program', name: 'Programme de fidélité' }],
    ['/fr/my-account/orders', { id: 'orders', name: 'Mes commandes' }],
    ['/fr/c/coffee', { id: 'category', name: 'Catégorie : Coffee' }],
    ['/fr/recettes/cafe-glace/infusion-froide', { id: 'other', name: 'Infusion froide' }],
  ] as const)('French %s is named after its English page through the one route table', (path, expected) => {
    expect(routeName(path, 'fr')).toEqual(expected)
  })

  it('the brand-name loyalty page of the route table (/{brandName}-rewards) is the rewards program', () => {
    expect(routeName('/brewco-rewards', 'en')).toEqual({ id: 'loyalty-program', name: 'Rewards program' })
  })
})
