import { describe, expect, it } from 'vitest'
import { pageTypeOf, typeOfLocation } from './pageView'

describe('page types (nav spec §2)', () => {
  it.each([
    ['/', 'home'],
    ['/fr/accueil', 'home'],
    ['/search', 'search results'],
    ['/fr/recherche', 'search results'],
    ['/c/coffee', 'category'],
    ['/fr/c/cafe/', 'category'],
    ['/coffee/dark-magic/p/5000-0101', 'product detail'],
    ['/cart', 'cart'],
    ['/my-account/orders', 'profile'],
    ['/checkout/orderConfirmation/1', 'checkout'],
    ['/sustainability', 'content'],
    ['/b/brewco', 'product listing'],
    ['/fr/b/brewco', 'product listing'],
    ['/my-account/profile', 'profile tab'],
    ['/new/my-account/my-replenishment', 'profile'],
    // "path contains /search or /recherche" (nav spec §2): anywhere, not only first.
    ['/content/search', 'search results'],
    ['/fr/recettes/recherche', 'search results'],
  ])('%s is %s', (path, type) => {
    expect(pageTypeOf(path)).toBe(type)
  })

  it('the dashboard tab is the account page with dashboard=1', () => {
    expect(pageTypeOf('/my-account', '?dashboard=1')).toBe('dashboard tab')
    expect(pageTypeOf('/fr/my-account', '?dashboard=1')).toBe('dashboard tab')
    expect(pageTypeOf('/my-account', '?dashboard=0')).toBe('profile')
  })
})

describe('places as page types (nav spec §2: quick-shop, footer, sidebar, top and sub navigation)', () => {
  it.each([
    ['QuickShop', 'quick shop'],
    ['quick_shop', 'quick shop'],
    ['FOOTER', 'footer'],
    ['side bar', 'sidebar'],
    ['topNav', 'top nav'],
    ['sub nav', 'sub nav'],
    ['product detail', 'product detail'],
    ['mini cart', undefined],
    ['', undefined],
  ])('%s names %s', (location, type) => {
    expect(typeOfLocation(location)).toBe(type)
  })
})
