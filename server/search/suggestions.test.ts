// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { migrate, readMigrations } from '../db/migrate'
import { seedProducts } from '../db/seedProducts'
import { seedSuggestionSets, suggestionCandidates } from '../db/seedSuggestions'
import { openTestDatabase } from '../db/testing/testStore'
import { BRAND_LANGS } from '../fixtures/cmsContent'
import { searchTermsFor } from '../fixtures/searchTerms'
import { searchProducts } from './productQueries'
import { escapeLike, suggestionKey } from './searchText'
import { refreshSuggestions, suggestTerms } from './suggestions'

describe('suggestionCandidates', () => {
  it('takes categories, makers, product lines, brewer models and blends from the catalogue', () => {
    const en = suggestionCandidates('usb2c', 'en').map((c) => c.term)
    for (const term of ['brewers', 'accessories', 'bundles', 'café boréal', 'brewco', 'k-café', 'k-elite']) {
      expect(en).toContain(term)
    }
    expect(en).toContain('brewco k-elite single serve coffee maker')
    expect(en).toContain('brewer maintenance kit')
    expect(en).toContain('hazelnut')
    const fr = suggestionCandidates('cab2c', 'fr').map((c) => c.term)
    for (const term of [
      'cafetières',
      'accessoires',
      'café moulu noisette',
      'éthiopie biologique',
      'noisette',
    ]) {
      expect(fr).toContain(term)
    }
    expect(suggestionCandidates('usafh', 'en').map((c) => c.term)).toContain('k-3500')
  })

  it('puts the popular searches first with their popularity, one term per folded key, in lower case', () => {
    for (const { brand, lang } of BRAND_LANGS) {
      const candidates = suggestionCandidates(brand, lang)
      const popular = searchTermsFor(brand, lang)
      expect(
        candidates.slice(0, popular.length).map(({ term, popularity }) => ({ term, popularity })),
      ).toEqual(popular)
      expect(candidates.slice(popular.length).every((c) => c.popularity === 0)).toBe(true)
      const keys = candidates.map((c) => suggestionKey(c.term))
      expect(new Set(keys).size).toBe(keys.length)
      for (const c of candidates) expect(c.term).toBe(c.term.toLowerCase())
    }
  })
})

describe('search_suggestions', () => {
  let db: Database
  beforeAll(async () => {
    db = await openTestDatabase()
    await migrate(db)
    await seedProducts(db)
  })
  afterAll(() => db.close())

  const rows = () =>
    db.query<{ brand: string; lang: 'en' | 'fr'; term: string; product_count: number; popularity: number }>(
      `SELECT brand, lang, term, product_count, popularity FROM search_suggestions
        ORDER BY brand, lang, search_term COLLATE "C"`,
    )

  it('keeps only terms that find products, each with the count the search page finds', async () => {
    const { rows: all } = await rows()
    expect(all.length).toBeGreaterThan(1000)
    for (const r of all) {
      const found = await searchProducts(db, {
        brand: r.brand as 'usb2c',
        lang: r.lang,
        text: r.term,
        pageSize: 1,
        currentPage: 0,
      })
      expect(found.totalResults, `${r.brand}/${r.lang} "${r.term}"`).toBe(r.product_count)
      expect(r.product_count).toBeGreaterThan(0)
    }
  })

  it('keeps every popular search (each finds products) with its popularity', async () => {
    const { rows: all } = await rows()
    for (const { brand, lang } of BRAND_LANGS) {
      const popular = all.filter((r) => r.brand === brand && r.lang === lang && r.popularity > 0)
      expect(popular.map((r) => r.term).sort()).toEqual(
        searchTermsFor(brand, lang)
          .map((t) => t.term)
          .sort(),
      )
    }
  })

  it('matches LIKE patterns literally once escaped, as PostgreSQL reads them', async () => {
    const like = async (value: string, typed: string) =>
      (
        await db.query<{ m: boolean }>(`SELECT $1::text LIKE $2 ESCAPE '\\' AS m`, [
          value,
          `${escapeLike(typed)}%`,
        ])
      ).rows[0]!.m
    expect(await like('godets de creme 10 %', 'godets de creme 10 %')).toBe(true)
    expect(await like('cafe', 'c%')).toBe(false)
    expect(await like('cafe', 'caf_')).toBe(false)
    expect(await like('caf_e', 'caf_')).toBe(true)
    expect(await like('a\\b', 'a\\')).toBe(true)
    expect(await like('ab', 'a\\b')).toBe(false)
  })

  it('rebuilds from the products table: a term whose products are gone goes, counts follow', async () => {
    const before = await suggestTerms(db, 'usafh', 'en', 'b-6', 20)
    expect(before[0]).toBe('<strong>b</strong>-<strong>6</strong>00')
    const brewers = (await rows()).rows.find(
      (r) => r.brand === 'usafh' && r.lang === 'en' && r.term === 'brewers',
    )
    await db.query(`DELETE FROM products WHERE brand = 'usafh' AND name_en LIKE '%B-600%'`)
    await refreshSuggestions(db, seedSuggestionSets())
    expect(await suggestTerms(db, 'usafh', 'en', 'b-6', 20)).toEqual([])
    const after = (await rows()).rows.find(
      (r) => r.brand === 'usafh' && r.lang === 'en' && r.term === 'brewers',
    )
    // Three finishes of the B-600 brewer; its bundles are not brewers.
    expect(after!.product_count).toBe(brewers!.product_count - 3)
    await seedProducts(db)
    expect(await suggestTerms(db, 'usafh', 'en', 'b-6', 20)).toEqual(before)
  })
})

describe('migration 0006', () => {
  it('parts model numbers in products seeded before it, so "k-3500" finds its brewer', async () => {
    const db = await openTestDatabase()
    try {
      const migrations = readMigrations()
      await migrate(
        db,
        migrations.filter((m) => m.version < 6),
      )
      await db.query(
        `INSERT INTO products (brand, code, maker, product_type, name_en, name_fr, url, sell_group_name, price,
           currency, search_name_en, search_name_fr, search_extra_en, search_extra_fr)
         VALUES ('usafh', '5200-0199-0400-01', 'Brewco Commercial', 'Brewer', 'Brewco K-3500 Commercial Brewer',
           'Cafetière commerciale K-3500 de Brewco', '/Coffee-Makers/k-3500/p/5200-0199-0400-01', 'K3500_Black',
           699.99, 'USD', 'brewco k-3500 commercial brewer', 'cafetiere commerciale k-3500 de brewco',
           'brewer machine appliance brewco commercial', 'machine appareil brewco commercial')`,
      )
      const find = (text: string) =>
        searchProducts(db, { brand: 'usafh', lang: 'en', text, pageSize: 1, currentPage: 0 })
      expect((await find('k-3500')).totalResults).toBe(0)
      expect(
        await migrate(
          db,
          migrations.filter((m) => m.version <= 6),
        ),
      ).toEqual([6])
      expect((await find('k-3500')).totalResults).toBe(1)
      expect((await find('3500')).totalResults).toBe(1)
      expect((await db.query("SELECT to_regclass('search_terms') AS t")).rows[0]).toEqual({ t: null })
    } finally {
      await db.close()
    }
  })
})
