import { describe, expect, it } from 'vitest'
import { pageTypeOf } from './pageView'

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
  ])('%s is %s', (path, type) => {
    expect(pageTypeOf(path)).toBe(type)
  })
})
