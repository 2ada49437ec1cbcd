import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { productHref, productImageSrcSet, productImageUrl } from './productLinks'
import { DEFAULT_SEARCH_OPTIONS } from './searchOptions'
import {
  cleanSearchText,
  SUGGESTION_SUFFIX,
  searchPageUrl,
  textFromSearch,
  truncateToLimit,
  wantsSuggestions,
  wellFormed,
} from './searchText'

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
const boundaries = (s: string) => {
  const out = new Set([0, s.length])
  for (const { index } of segmenter.segment(s)) out.add(index)
  return out
}
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc
    .array(fc.constantFrom('👨‍👩‍👧', '🇨🇦', 'é', 'e\u0301', '☕', 'a', ' ', '@', SUGGESTION_SUFFIX))
    .map((a) => a.join('')),
)
const anyLimit = fc.integer({ min: 0, max: 80 })

describe('search URL text (header spec §5), properties over arbitrary unicode', () => {
  it('removes the suggestion suffix, and never exceeds the limit', () => {
    fc.assert(
      fc.property(anyText, anyLimit, (raw, limit) => {
        const clean = cleanSearchText(raw, limit)
        expect(clean.length).toBeLessThanOrEqual(limit)
        expect(clean.endsWith(SUGGESTION_SUFFIX)).toBe(false)
      }),
      { numRuns: 500 },
    )
  })

  it('is idempotent, well-formed and encodable (never throws)', () => {
    fc.assert(
      fc.property(anyText, anyLimit, (raw, limit) => {
        const clean = cleanSearchText(raw, limit)
        expect(cleanSearchText(clean, limit)).toBe(clean)
        expect(() => encodeURIComponent(clean)).not.toThrow()
        expect(decodeURIComponent(encodeURIComponent(clean))).toBe(clean)
        expect(textFromSearch(`?text=${encodeURIComponent(clean)}`, limit)).toBe(clean)
      }),
      { numRuns: 500 },
    )
  })

  it('never splits a character: the cut is a grapheme boundary and a prefix of the text', () => {
    fc.assert(
      fc.property(anyText, anyLimit, (raw, limit) => {
        const text = wellFormed(raw)
        const cut = truncateToLimit(text, limit)
        expect(text.startsWith(cut)).toBe(true)
        expect(boundaries(text).has(cut.length)).toBe(true)
        // And it keeps as much as fits: the next grapheme would go over the limit.
        if (cut.length < text.length) {
          const next = [...boundaries(text)].filter((b) => b > cut.length).sort((a, b) => a - b)[0] ?? 0
          expect(next).toBeGreaterThan(limit)
        }
      }),
      { numRuns: 500 },
    )
  })

  it('examples: suffix, emoji and accents', () => {
    expect(cleanSearchText(`dark roast${SUGGESTION_SUFFIX}`, 50)).toBe('dark roast')
    expect(truncateToLimit('ab👨‍👩‍👧', 4)).toBe('ab')
    expect(truncateToLimit('café', 4)).toBe('café')
    expect(truncateToLimit('cafe\u0301', 4)).toBe('caf')
    expect(cleanSearchText('a\ud800b', 5)).toBe('a\ufffdb')
    expect(cleanSearchText(`a${SUGGESTION_SUFFIX}👨‍👩‍👧`, 19)).toBe('a')
    expect(() => encodeURIComponent(textFromSearch('?text=%E0%A4%A', 10))).not.toThrow()
    expect(textFromSearch('?other=1', 10)).toBe('')
  })
})

describe('search page addresses', () => {
  it('English /search, French /fr/recherche, text encoded, suggestion marked', () => {
    expect(searchPageUrl('en', 'k cup & pods', 50)).toBe('/search?text=k%20cup%20%26%20pods')
    expect(searchPageUrl('fr', 'café', 50)).toBe('/fr/recherche?text=caf%C3%A9')
    expect(searchPageUrl('en', 'mug', 50, true)).toBe('/search?text=mug%40search_suggestion')
    expect(searchPageUrl('en', 'abcdef', 3)).toBe('/search?text=abc')
  })

  it('suggestions only for empty text or more than 2 characters', () => {
    expect(['', '   ', 'abc', ' abc ', '🙂🙂🙂'].map(wantsSuggestions)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ])
    expect(['a', 'ab', ' ab ', '🙂🙂'].map(wantsSuggestions)).toEqual([false, false, false, false])
  })
})

describe('product tiles (nav spec §2, §3)', () => {
  /** The Canadian store's search options (host/brands/cab2c.ts) and a brand that sets none (the US stores). */
  const CANADA = { ...DEFAULT_SEARCH_OPTIONS, imageSuffix: '_CA', localizedProductLinks: true }
  const US = DEFAULT_SEARCH_OPTIONS

  it('image address: base, sellGroupName, Canada suffix, general suffix, 124×124 png-alpha q75', () => {
    expect(productImageUrl('/is/image/brewco/', { sellGroupName: 'DarkMagic' }, US)).toBe(
      '/is/image/brewco/DarkMagic_EN_GN?wid=124&hei=124&fmt=png-alpha&qlt=75',
    )
    expect(productImageUrl('/is/image/brewco', { sellGroupName: 'DarkMagic' }, CANADA)).toBe(
      '/is/image/brewco/DarkMagic_CA_EN_GN?wid=124&hei=124&fmt=png-alpha&qlt=75',
    )
    expect(productImageUrl('/img', { sellGroupName: 'a/../b?x' })).toBe(
      '/img/a%2F..%2Fb%3Fx_EN_GN?wid=124&hei=124&fmt=png-alpha&qlt=75',
    )
  })

  it('tile picture for sharper screens: the configured widths covering 1x, 2x and 3x (nav spec §9 image config)', () => {
    expect(productImageSrcSet('/is/image/brewco', { sellGroupName: 'DarkMagic' }, US)).toBe(
      [128, 256, 384]
        .map((w) => `/is/image/brewco/DarkMagic_EN_GN?wid=${w}&hei=${w}&fmt=png-alpha&qlt=75 ${w}w`)
        .join(', '),
    )
  })

  it('tile link: product path plus the query text, /fr for French Canada only', () => {
    const p = { url: '/coffee/dark-magic/p/5000-1' }
    expect(productHref(p, 'dark', 'en', US)).toBe('/coffee/dark-magic/p/5000-1?text=dark')
    expect(productHref(p, 'foncé', 'fr', CANADA)).toBe('/fr/coffee/dark-magic/p/5000-1?text=fonc%C3%A9')
    expect(productHref(p, 'dark', 'en', CANADA)).toBe('/coffee/dark-magic/p/5000-1?text=dark')
    expect(productHref({ url: '/p/1?ref=a' }, '', 'en', US)).toBe('/p/1?ref=a')
  })

  it('tile link: never to another site or scheme', () => {
    for (const url of ['https://evil.example/p', '//evil.example', 'javascript:alert(1)', '/\\evil', ''])
      expect(productHref({ url }, 'x', 'en', US)).toBeNull()
  })
})
