// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { fold, highlight, searchWords, tsqueryParts } from './searchText'

describe('fold', () => {
  it('drops accents and case, keeping every index in place', () => {
    expect(fold('Café Torréfaction FONCÉE')).toBe('cafe torrefaction foncee')
    for (const text of ['Crème brûlée', 'İstanbul', 'ﬁne 🍩 œuvre', 'ÀÉÎÕÜ']) {
      expect(fold(text)).toHaveLength(text.length)
    }
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
