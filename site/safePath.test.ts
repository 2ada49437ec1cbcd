import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadCorpus } from '../test/corpus'
import { isSameOriginPath, safePathOr } from './safePath'

const corpus = loadCorpus('redirects')

describe('same-origin path guard', () => {
  it.each(corpus.offsite)('refuses offsite %j', (url) => expect(isSameOriginPath(url)).toBe(false))
  it.each(corpus.onsite)('keeps onsite %j', (url) => expect(isSameOriginPath(url)).toBe(true))

  it('falls back for anything refused', () => {
    expect(safePathOr('//evil.com', '/')).toBe('/')
    expect(safePathOr(undefined, '/fr/accueil')).toBe('/fr/accueil')
    expect(safePathOr('/cart', '/')).toBe('/cart')
  })

  it('property: whatever it accepts resolves to the same origin in the URL parser', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (isSameOriginPath(s))
          expect(new URL(s, 'https://shop.example').origin).toBe('https://shop.example')
      }),
    )
  })
})
