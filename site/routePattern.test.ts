import { describe, expect, it } from 'vitest'
import { fillPattern, isBrandSlug, matchPattern } from './routePattern'

describe('route patterns', () => {
  it('matches whole paths literally', () => {
    expect(matchPattern('/cart', '/cart')).toEqual({})
    expect(matchPattern('/cart', '/cart/x')).toBeNull()
    expect(matchPattern('/cart', '/Cart')).toBeNull()
    expect(matchPattern('/a.b', '/aXb')).toBeNull()
  })

  it('captures one segment with {name} and the rest with {...name}', () => {
    expect(matchPattern('/order/{code}', '/order/123')).toEqual({ code: '123' })
    expect(matchPattern('/order/{code}', '/order/1/2')).toBeNull()
    expect(matchPattern('/my-account/{...rest}', '/my-account/a/b')).toEqual({ rest: 'a/b' })
    expect(matchPattern('/my-account/{...rest}', '/my-account')).toBeNull()
  })

  it('splices in a valid brand slug and skips brand rows without one', () => {
    expect(matchPattern('/{brandName}-deals', '/brewco-deals', 'brewco')).toEqual({})
    expect(matchPattern('/{brandName}-deals', '/other-deals', 'brewco')).toBeNull()
    expect(matchPattern('/{brandName}-deals', '/brewco-deals')).toBeNull()
    expect(matchPattern('/{brandName}-deals', '/.*-deals', '.*')).toBeNull()
    expect(isBrandSlug('brew-co')).toBe(true)
    expect(isBrandSlug('Brewco')).toBe(false)
    expect(isBrandSlug('-x')).toBe(false)
  })

  it('fills placeholders, or gives null when a value is missing', () => {
    expect(fillPattern('/fr/offres-{brandName}', {}, 'brewco')).toBe('/fr/offres-brewco')
    expect(fillPattern('/fr/x/{a}/{...b}', { a: '1', b: '2/3' })).toBe('/fr/x/1/2/3')
    expect(fillPattern('/fr/x/{a}', {})).toBeNull()
    expect(fillPattern('/fr/x/{a}', { a: '' })).toBeNull()
  })
})
