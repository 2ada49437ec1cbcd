// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  escapeLike,
  fold,
  highlight,
  searchableText,
  searchWords,
  suggestionKey,
  tsqueryParts,
  wordStarts,
} from './searchText'

describe('fold', () => {
  it('drops accents and case, keeping every index in place', () => {
    expect(fold('Café Torréfaction FONCÉE')).toBe('cafe torrefaction foncee')
    for (const text of ['Crème brûlée', 'İstanbul', 'ﬁne 🍩 œuvre', 'ÀÉÎÕÜ']) {
      expect(fold(text)).toHaveLength(text.length)
    }
  })
})

describe('searchableText', () => {
  it('folds, and parts a model number from its letter so PostgreSQL does not read "-3500" as a number', () => {
    expect(searchableText('Brewco K-3500 Commercial Brewer')).toBe('brewco k 3500 commercial brewer')
    expect(searchableText('K-Café Latte, Half-Caff')).toBe('k-cafe latte, half-caff')
  })
})

describe('suggestionKey', () => {
  it('folds accents and case, types typographic apostrophes as a keyboard does, keeps punctuation', () => {
    expect(suggestionKey('  CAFÉ   Boréal ')).toBe('cafe boreal')
    expect(suggestionKey('Distributeur d’eau chaude')).toBe("distributeur d'eau chaude")
    expect(suggestionKey('Godets de crème 10 %')).toBe('godets de creme 10 %')
    expect(suggestionKey('K-Cup\tpods')).toBe('k-cup pods')
  })
})

describe('wordStarts', () => {
  it('gives the key from each word start, the whole key first', () => {
    expect(wordStarts('k-cup pods')).toEqual(['k-cup pods', 'cup pods', 'pods'])
    expect(wordStarts("distributeur d'eau")).toEqual(["distributeur d'eau", "d'eau", 'eau'])
    expect(wordStarts('godets 10 %')).toEqual(['godets 10 %', '10 %'])
    expect(wordStarts('cafe')).toEqual(['cafe'])
  })
})

describe('escapeLike', () => {
  it('escapes %, _ and the escape character itself, nothing else', () => {
    expect(escapeLike('10 %')).toBe('10 \\%')
    expect(escapeLike('caf_')).toBe('caf\\_')
    expect(escapeLike('a\\b')).toBe('a\\\\b')
    expect(escapeLike("café d'eau [x]*")).toBe("café d'eau [x]*")
  })
})

describe('searchWords', () => {
  it('keeps letters and digits only, so no tsquery or SQL syntax gets through', () => {
    expect(searchWords("'); drop table products;--")).toEqual(['drop', 'table', 'products'])
    expect(searchWords('a & | ! :* ( <-> "x"')).toEqual(['a', 'x'])
    expect(searchWords('K-Cup® pods, 24ct')).toEqual(['k', 'cup', 'pods', '24ct'])
    expect(searchWords('   ')).toEqual([])
  })

  it('caps the number and length of words', () => {
    expect(searchWords('a b c d e f g h i j k')).toHaveLength(8)
    expect(searchWords('x'.repeat(100))[0]).toHaveLength(40)
  })
})

describe('tsqueryParts', () => {
  it('makes the last word a prefix, or every word for suggestions', () => {
    expect(tsqueryParts(['dark', 'roast', 'cof'])).toEqual({ whole: 'dark & roast', prefix: 'cof:*' })
    expect(tsqueryParts(['dark', 'ro'], true)).toEqual({ whole: 'dark:*', prefix: 'ro:*' })
    expect(tsqueryParts([])).toEqual({ whole: '', prefix: '' })
  })
})

describe('highlight', () => {
  it('wraps the typed part of each word in <strong>, accent-insensitively', () => {
    expect(highlight('dark roast', ['dar'])).toBe('<strong>dar</strong>k roast')
    expect(highlight('Café noisette', ['cafe'])).toBe('<strong>Café</strong> noisette')
    expect(highlight('cafetière pour café glacé', ['caf'])).toBe(
      '<strong>caf</strong>etière pour <strong>caf</strong>é glacé',
    )
    expect(highlight('coffee makers', ['brewers', 'makers'])).toBe('coffee <strong>makers</strong>')
  })

  it('escapes the term text around the tags', () => {
    expect(highlight('cream & sugar', ['cream'])).toBe('<strong>cream</strong> &amp; sugar')
    expect(highlight('<b>"x"</b>', [])).toBe('&lt;b&gt;&quot;x&quot;&lt;/b&gt;')
    expect(highlight('<script>', ['script'])).toBe('&lt;<strong>script</strong>&gt;')
  })
})
