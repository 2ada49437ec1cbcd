import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { layoutOf, recipeFooterCardCount, sideOf } from './layouts'

describe('panel layout by component id (nav spec §2 table)', () => {
  it('each id of the table chooses its layout', () => {
    expect(
      Object.fromEntries(
        [
          'BeveragesBarComponent',
          'CommercialBeverageBarComponent',
          'XyzBeveragesBarComponent',
          'RecipeBarComponent',
          'SustainabilityBarComponent',
          'HotBrewersBarComponent',
          'XyzCoffeeBarComponent',
          'K-CupCoffeeBarComponent',
          'CommercialShopBarComponent',
          'KoldBarComponent',
          'NewAccessoriesBarComponent',
          'CommercialAccessoriesComponent',
          'CommercialBusinessSolutionComponent',
          'StarterKitBarComponent',
          'DealsBarComponent',
          '',
          'valueOf',
          '__proto__',
        ].map((id) => [id, layoutOf(id)]),
      ),
    ).toEqual({
      BeveragesBarComponent: 'beverage',
      CommercialBeverageBarComponent: 'beverage',
      XyzBeveragesBarComponent: 'beverage',
      RecipeBarComponent: 'recipe',
      SustainabilityBarComponent: 'sustainability',
      HotBrewersBarComponent: 'hotBrewers',
      XyzCoffeeBarComponent: 'coffee',
      'K-CupCoffeeBarComponent': 'coffee',
      CommercialShopBarComponent: 'commercialShop',
      KoldBarComponent: 'koldBar',
      NewAccessoriesBarComponent: 'accessories',
      CommercialAccessoriesComponent: 'accessories',
      CommercialBusinessSolutionComponent: 'businessSolutions',
      StarterKitBarComponent: 'starterKit',
      DealsBarComponent: 'generic',
      '': 'generic',
      valueOf: 'generic',
      ['__proto__']: 'generic',
    })
  })

  it('any {product} before BeveragesBarComponent is the beverage layout, before CoffeeBarComponent the coffee one (property)', () => {
    fc.assert(
      fc.property(fc.string(), (product) => {
        expect(layoutOf(`${product}BeveragesBarComponent`)).toBe('beverage')
        expect(layoutOf(`${product}CoffeeBarComponent`)).toBe('coffee')
      }),
    )
  })

  it('an id of neither the table nor a {product} form falls back to the generic layout (property)', () => {
    const known =
      /(BeveragesBarComponent|CoffeeBarComponent)$|^(CommercialBeverageBar|RecipeBar|SustainabilityBar|HotBrewersBar|CommercialShopBar|KoldBar|NewAccessoriesBar|CommercialAccessories|CommercialBusinessSolution|StarterKitBar)Component$/
    fc.assert(
      fc.property(
        fc.string().filter((id) => !known.test(id)),
        (id) => {
          expect(layoutOf(id)).toBe('generic')
        },
      ),
    )
  })

  it('recipe and sustainability open on the right, every other layout on the left', () => {
    expect(sideOf('recipe')).toBe('right')
    expect(sideOf('sustainability')).toBe('right')
    for (const layout of ['beverage', 'hotBrewers', 'coffee', 'starterKit', 'generic'] as const)
      expect(sideOf(layout)).toBe('left')
  })
})

describe('recipe footer cards by viewport width (nav spec §2)', () => {
  it('3 at 1181-1300 px, 2 at 1100-1180, 1 at 990-1099, otherwise all', () => {
    const at = (w: number) => recipeFooterCardCount(w, 5)
    expect([1000, 1150, 1250, 1400].map(at)).toEqual([1, 2, 3, 5])
    expect([989, 990, 1099, 1100, 1180, 1181, 1300, 1301].map(at)).toEqual([5, 1, 1, 2, 2, 3, 3, 5])
    expect([390, 768, 1920].map(at)).toEqual([5, 5, 5])
  })

  it('never more than there are (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), fc.nat(8), (width, cards) => {
        const shown = recipeFooterCardCount(width, cards)
        expect(shown).toBeLessThanOrEqual(cards)
        expect(shown).toBe(
          Math.min(
            cards,
            width >= 990 && width <= 1300 ? (width >= 1181 ? 3 : width >= 1100 ? 2 : 1) : cards,
          ),
        )
      }),
    )
  })
})
