import { describe, expect, it } from 'vitest'
import { toSafeLocation, withoutTrailingSlash } from './safeLocation'

const HOME = { pathname: '/', search: '', hash: '' }

describe('safe location', () => {
  it('splits a same-origin address', () => {
    expect(toSafeLocation('/a/b?x=1#h')).toEqual({ pathname: '/a/b', search: '?x=1', hash: '#h' })
    expect(toSafeLocation({ pathname: '/a', search: 'x=1', hash: 'h' })).toEqual({
      pathname: '/a',
      search: '?x=1',
      hash: '#h',
    })
  })

  it('normalises dot segments and runs of slashes', () => {
    expect(toSafeLocation('/a/../b').pathname).toBe('/b')
    expect(toSafeLocation('/fr//evil.com').pathname).toBe('/fr/evil.com')
    expect(toSafeLocation('/fr/\\evil.com').pathname).toBe('/fr/evil.com')
  })

  it('reads anything off-site or odd as the home page', () => {
    for (const bad of [
      '',
      '//evil.com',
      '/\\evil.com',
      'https://evil.com/x',
      'javascript:alert(1)',
      '?x',
      ' /x',
    ])
      expect(toSafeLocation(bad)).toEqual(HOME)
    for (const bad of [undefined, null, 42, {}, { pathname: 7 }]) expect(toSafeLocation(bad)).toEqual(HOME)
  })

  it('adds a missing leading slash to a plain path', () => {
    expect(toSafeLocation('cart?x=1')).toEqual({ pathname: '/cart', search: '?x=1', hash: '' })
  })

  it('drops trailing slashes except on the root', () => {
    expect(withoutTrailingSlash('/cart/')).toBe('/cart')
    expect(withoutTrailingSlash('/cart//')).toBe('/cart')
    expect(withoutTrailingSlash('/')).toBe('/')
  })
})
