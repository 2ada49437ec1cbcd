// @vitest-environment node
import fc from 'fast-check'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../contracts/cms'
import {
  ProductsResponseSchema,
  SEARCH_LIMITS,
  SearchProductSchema,
  SuggestionSchema,
  SuggestionsResponseSchema,
} from '../../contracts/search'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import { catalogueFor } from '../fixtures/catalogue'
import { BRAND_LANGS, cmsSlotsFor } from '../fixtures/cmsContent'
import { suggestionKey, wordStarts } from '../search/searchText'

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
})
afterAll(() => server.close())

const get = (path: string) => server.app.request(path)
async function json<S extends v.GenericSchema>(path: string, schema: S, status = 200) {
  const res = await get(path)
  expect(res.status, path).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/application\/json/)
  return v.parse(schema, await res.json())
}
/** Products of a searchText answer, each decoded as the header decodes it. */
async function search(query: string, brand = 'usb2c') {
  const body = await json(`/rest/v2/${brand}/products/searchText?${query}`, ProductsResponseSchema)
  return { ...body, products: body.products.map((p) => v.parse(SearchProductSchema, p)) }
}
async function suggest(query: string, brand = 'usb2c') {
  const body = await json(`/rest/v2/${brand}/products/searchsuggestions?${query}`, SuggestionsResponseSchema)
  return body.suggestions.map((s) => v.parse(SuggestionSchema, s).value)
}
const q = (text: string) => encodeURIComponent(text)

describe('products/searchText', () => {
  it('"coffee" puts coffee products first, with pagination and the text echoed', async () => {
    const res = await get('/rest/v2/usb2c/products/searchText?lang=en&text=coffee')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const body = await search('lang=en&text=coffee&pageSize=30')
    expect(body.products).toHaveLength(30)
    for (const p of body.products) expect(p.productType).toBe('Coffee')
    expect(body.pagination).toEqual({ totalResults: expect.any(Number), pageSize: 30, currentPage: 0 })
    expect(body.pagination!.totalResults).toBeGreaterThan(144)
    expect(body.freeTextSearch).toBe('coffee')
    expect(body.products[0]!.price).toMatchObject({ currencyIso: 'USD', formattedValue: /^\$\d+\.99$/ })
  })

  it('matches the last word as a prefix: "cof" finds coffee, "dark ro" dark roast', async () => {
    expect((await search('lang=en&text=cof')).products[0]!.name).toMatch(/Coffee/)
    const dark = await search(`lang=en&text=${q('dark ro')}`)
    expect(dark.products.length).toBeGreaterThan(0)
    for (const p of dark.products) expect(p.name).toMatch(/Dark Roast/)
  })

  it('searches French names in French, accents or not', async () => {
    const accented = await search(`lang=fr&curr=CAD&text=${q('café torréfaction foncée')}`, 'cab2c')
    expect(accented.products.length).toBeGreaterThan(0)
    for (const p of accented.products) expect(p.name).toMatch(/^Café .*torréfaction foncée/)
    expect(accented.products[0]!.price).toMatchObject({ currencyIso: 'CAD', formattedValue: /,99\s\$$/ })
    const plain = await search(`lang=fr&text=${q('cafe torrefaction foncee')}`, 'cab2c')
    expect(plain.products.map((p) => p.code)).toEqual(accented.products.map((p) => p.code))
    const brewers = await search(`lang=fr&text=${q('cafetiere k-elite')}`, 'cab2c')
    expect(brewers.products[0]!.name).toMatch(/^Cafetière .*K-Elite/)
    expect(brewers.products[0]!.url).toContain('/Coffee-Makers/')
  })

  it('finds the English product words French shoppers type: "cold brew" on cab2c in French', async () => {
    const english = await search(`lang=en&text=${q('cold brew')}`, 'cab2c')
    const french = await search(`lang=fr&text=${q('cold brew')}&curr=CAD`, 'cab2c')
    expect(english.products.length).toBeGreaterThan(0)
    expect(french.products.map((p) => p.code).sort()).toEqual(english.products.map((p) => p.code).sort())
    // Shown as the French store names them, in its currency.
    expect(french.products[0]!.name).toMatch(/infusion à froid/i)
    expect(french.products[0]!.price).toMatchObject({ currencyIso: 'CAD', formattedValue: /\s\$$/ })
    // Its French words still work as before.
    expect((await search(`lang=fr&text=${q('infusion à froid')}`, 'cab2c')).products.length).toBeGreaterThan(
      0,
    )
    // Suggested by their French terms: a French page suggests no English term beside French names.
    const suggestions = await suggest(`lang=fr&term=${q('cold brew')}`, 'cab2c')
    expect(suggestions).toContain('mélange pour infusion à froid')
    expect(suggestions).toContain('café moulu mélange pour infusion à froid')
    for (const term of suggestions) expect(term).not.toMatch(/cold|brew|blend|ground|coffee|pods/)
  })

  it('a French page’s suggestions are French terms only, whatever is typed', async () => {
    const english = new Set(
      catalogueFor('cab2c').flatMap((p) =>
        p.name.en.split(',')[0] === p.name.fr.split(',')[0] ? [] : [p.name.en.split(',')[0]!.toLowerCase()],
      ),
    )
    for (const typed of ['cold', 'dark', 'ground coffee', 'brewer', 'k-cup pods', 'vanilla']) {
      const terms = (await suggest(`lang=fr&term=${q(typed)}`, 'cab2c')).map((t) =>
        t.replace(/<\/?strong>/g, ''),
      )
      for (const term of terms) expect(english.has(term), `${typed}: ${term}`).toBe(false)
    }
  })

  it('the search page’s tip names a brewer model each store sells (K-3500 only on usafh)', async () => {
    for (const { brand, lang } of BRAND_LANGS) {
      const tip = cmsSlotsFor(brand, lang)
        .flatMap((slot) => slot.components)
        .find((c) => c.uid === 'SearchPromoTipParagraph')
      const model = /\b([A-Z]-[\p{L}\p{N}]+)/u.exec(('content' in tip! && tip.content) || '')?.[1]
      expect(model, `${brand} ${lang}`).toBeDefined()
      const found = await search(`lang=${lang}&text=${q(model!)}`, brand)
      expect(found.products.length, `${brand} ${lang} ${model}`).toBeGreaterThan(0)
    }
  })

  it('answers in a stable order, page after page', async () => {
    const first = await search('lang=en&text=pods&pageSize=10')
    expect((await search('lang=en&text=pods&pageSize=10')).products).toEqual(first.products)
    const both = await search('lang=en&text=pods&pageSize=20')
    const second = await search('lang=en&text=pods&pageSize=10&currentPage=1')
    expect([...first.products, ...second.products]).toEqual(both.products)
    const past = await search('lang=en&text=pods&pageSize=10&currentPage=500')
    expect(past.products).toEqual([])
    expect(past.pagination!.totalResults).toBe(first.pagination!.totalResults)
  })

  it('lists new, then popular products for an empty text', async () => {
    const body = await search('lang=en&text=&pageSize=5', 'usafh')
    expect(body.products).toHaveLength(5)
    expect(body.products[0]!.newProduct).toBe(true)
    expect(body.pagination!.totalResults).toBeGreaterThanOrEqual(200)
  })

  it.each([
    "'); drop table products;--",
    'a & | ! :* (',
    "' OR 1=1 --",
    '!!!',
    '\\:*&|<->',
    'café) & !(thé:* | ',
    '%_%',
    '🍩 donut',
  ])('never fails on %j', async (text) => {
    const body = await search(`lang=en&text=${q(text)}`)
    expect(Array.isArray(body.products)).toBe(true)
    expect((await suggest(`lang=fr&term=${q(text)}`, 'cab2c')).length).toBeGreaterThanOrEqual(0)
  })

  it('still has the products table after an injection attempt', async () => {
    await search(`lang=en&text=${q("'); drop table products;--")}`)
    expect((await search('lang=en&text=coffee')).products.length).toBeGreaterThan(0)
  })
})

describe('products/searchsuggestions', () => {
  it('marks the matched part in <strong>, typed term first', async () => {
    const values = await suggest('lang=en&term=dark')
    expect(values[0]).toBe('<strong>dark</strong> roast')
    const fr = await suggest(`lang=fr&term=${q('café')}`, 'cab2c')
    expect(fr[0]).toBe('<strong>café</strong>')
    expect(fr.length).toBeLessThanOrEqual(SEARCH_LIMITS.defaultSuggestions)
    expect(await suggest('lang=fr&term=cafe', 'cab2c')).toEqual(fr)
  })

  it('escapes the term text itself', async () => {
    expect(await suggest('lang=en&term=cream', 'usafh')).toContain('<strong>cream</strong> &amp; sugar')
  })

  it('answers the most searched terms for an empty or missing term, up to max', async () => {
    const popular = await suggest('lang=en&term=')
    expect(popular).toEqual(['coffee', 'k-cup pods', 'dark roast', 'coffee maker', 'decaf', 'french vanilla'])
    expect(await suggest('lang=en')).toEqual(popular)
    expect(await suggest('lang=fr&max=2', 'cab2c')).toEqual(['café', 'capsules k-cup'])
    expect(await suggest(`lang=en&max=${SEARCH_LIMITS.maxSuggestions}`)).toHaveLength(20)
  })
})

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }
/** A suggestion as the header puts it in the search link: markup stripped, entities decoded. */
const plain = (html: string) =>
  html.replace(/<\/?strong>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITIES[e]!)
/** Products a search for `text` finds, as the search page asks for them. */
const found = async (brand: string, lang: string, text: string) =>
  (await search(`lang=${lang}&text=${q(text)}&pageSize=1`, brand)).pagination!.totalResults

describe('products/searchsuggestions from the catalogue', () => {
  it.each(['café', 'cafe', 'CAFÉ', 'brewer'])(
    '"%s" suggests terms in every brand and language where a search for it finds products',
    async (text) => {
      for (const { brand, lang } of BRAND_LANGS) {
        const values = await suggest(`lang=${lang}&term=${q(text)}`, brand)
        if ((await found(brand, lang, text)) > 0) expect(values.length, `${brand}/${lang}`).toBeGreaterThan(0)
      }
    },
  )

  it('suggests café terms in English, where only a maker and a brewer line have the word', async () => {
    const values = await suggest(`lang=en&term=${q('café')}`)
    expect(values.slice(0, 3)).toEqual([
      '<strong>café</strong> boréal',
      'k-<strong>café</strong>',
      'brewco k-<strong>café</strong> latte and cappuccino maker',
    ])
    for (const { brand, lang } of BRAND_LANGS) {
      const accented = await suggest(`lang=${lang}&term=${q('café')}&max=20`, brand)
      expect(await suggest(`lang=${lang}&term=cafe&max=20`, brand)).toEqual(accented)
      expect(await suggest(`lang=${lang}&term=${q('CAFÉ')}&max=20`, brand)).toEqual(accented)
    }
  })

  it('suggests brewers for "brewer", and stemmed forms as search finds them', async () => {
    expect(await suggest('lang=en&term=brewer')).toEqual([
      '<strong>brewer</strong>s',
      '<strong>brewer</strong> maintenance kit',
    ])
    expect(await suggest('lang=en&term=brewers')).toEqual([
      '<strong>brewers</strong>',
      '<strong>brewer</strong> maintenance kit',
    ])
    const commercial = await suggest('lang=en&term=brewer', 'usafh')
    expect(commercial.slice(0, 2)).toEqual(['<strong>brewer</strong>s', 'commercial <strong>brewer</strong>'])
    expect(commercial).toHaveLength(SEARCH_LIMITS.defaultSuggestions)
  })

  it('suggests only terms that find products through the search endpoint (any 1–3 letter prefix)', async () => {
    const letters = 'abcdefghiklmnoprstuvwyzéèàç'.split('')
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BRAND_LANGS),
        fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 3 }),
        async ({ brand, lang }, typed) => {
          const values = await suggest(`lang=${lang}&term=${q(typed)}&max=20`, brand)
          expect(values.length).toBeLessThanOrEqual(20)
          for (const value of values) {
            expect(
              await found(brand, lang, plain(value)),
              `${brand}/${lang} "${typed}": ${value}`,
            ).toBeGreaterThan(0)
          }
        },
      ),
      {
        numRuns: 30,
        examples: [
          [{ brand: 'usb2c', lang: 'en' }, 'c'],
          [{ brand: 'cab2c', lang: 'fr' }, 'é'],
          [{ brand: 'usafh', lang: 'fr' }, 'caf'],
          // The popular "k-3500" found nothing before migration 0006.
          [{ brand: 'usafh', lang: 'en' }, 'k-3'],
        ],
      },
    )
  })

  it('ranks the typed term, terms it starts, terms with a word it starts, then by products found', async () => {
    const group = (value: string, typed: string) => {
      const key = suggestionKey(plain(value))
      if (key === typed) return 0
      if (key.startsWith(typed)) return 1
      return wordStarts(key).some((w) => w.startsWith(typed)) ? 2 : 3
    }
    for (const [brand, lang, typed] of [
      ['usafh', 'en', 'brewer'],
      ['usb2c', 'en', 'cof'],
      ['cab2c', 'fr', 'caf'],
      ['usafh', 'fr', 'k-'],
      ['usb2c', 'en', 'roasts'],
    ] as const) {
      const values = await suggest(`lang=${lang}&term=${q(typed)}&max=20`, brand)
      expect(values.length).toBeGreaterThan(1)
      expect(await suggest(`lang=${lang}&term=${q(typed)}&max=20`, brand)).toEqual(values)
      const ranked = await Promise.all(
        values.map(async (value) => ({
          group: group(value, typed),
          count: await found(brand, lang, plain(value)),
        })),
      )
      for (const [i, r] of ranked.entries()) {
        const prev = ranked[i - 1]
        if (!prev) continue
        expect(r.group, `${typed}: ${values[i]}`).toBeGreaterThanOrEqual(prev.group)
        if (r.group === prev.group) expect(r.count, `${typed}: ${values[i]}`).toBeLessThanOrEqual(prev.count)
      }
    }
    // Stemmed matches come last: "roasts" starts no word, but search finds roasts for it.
    expect(await suggest('lang=en&term=roasts')).toContain('dark <strong>roast</strong>')
  })

  it('takes %, _ and \\ in the typed text literally', async () => {
    for (const typed of ['%', '_', '\\', '%%', '_%', '\\%']) {
      expect(await suggest(`lang=en&term=${q(typed)}`)).toEqual([])
      expect(await suggest(`lang=fr&term=${q(typed)}`, 'cab2c')).toEqual([])
    }
    expect(await suggest(`lang=fr&term=${q('cafetière')}`, 'cab2c')).not.toEqual([])
    // As wildcards each of these would match "cafetière".
    for (const typed of ['caf_tière', 'caf%ière', 'caf\\etière']) {
      expect(await suggest(`lang=fr&term=${q(typed)}`, 'cab2c')).toEqual([])
    }
    // A term with a real % in it ("Godets de crème 10 %").
    expect((await suggest(`lang=fr&term=${q('10 %')}`, 'usafh'))[0]).toBe(
      'godets de crème <strong>10</strong> %',
    )
  })

  it('answers max terms at most, 6 by default, the shorter lists being the start of the longer', async () => {
    const twenty = await suggest(`lang=en&term=c&max=${SEARCH_LIMITS.maxSuggestions}`)
    expect(twenty).toHaveLength(SEARCH_LIMITS.maxSuggestions)
    expect(await suggest('lang=en&term=c')).toEqual(twenty.slice(0, SEARCH_LIMITS.defaultSuggestions))
    expect(await suggest('lang=en&term=c&max=3')).toEqual(twenty.slice(0, 3))
  })

  it('finds French terms with or without their accents and shows them accented', async () => {
    const accented = await suggest(`lang=fr&term=${q('torréfaction f')}`, 'cab2c')
    expect(accented[0]).toBe('<strong>torréfaction</strong> <strong>f</strong>oncée')
    expect(await suggest(`lang=fr&term=${q('TORREFACTION F')}`, 'cab2c')).toEqual(accented)
    expect(await suggest(`lang=fr&term=${q('éth')}`, 'cab2c')).toContain(
      '<strong>éth</strong>iopie biologique',
    )
    expect(await suggest(`lang=fr&term=eth`, 'cab2c')).toContain('<strong>éth</strong>iopie biologique')
    // A typed ' finds the store's ’.
    const water = await suggest(`lang=fr&term=${q("distributeur d'eau")}`, 'usafh')
    expect(water[0]).toBe('<strong>distributeur</strong> <strong>d</strong>’<strong>eau</strong> chaude')
    expect(await suggest(`lang=fr&term=${q('distributeur d’eau')}`, 'usafh')).toEqual(water)
  })
})

describe('products/searchProductsForCarousel', () => {
  it('ranks like searchText, English unless lang is given', async () => {
    const body = await json(
      '/rest/v2/usafh/products/searchProductsForCarousel?query=brewer&pageSize=4',
      ProductsResponseSchema,
    )
    expect(body.products).toHaveLength(4)
    const products = body.products.map((p) => v.parse(SearchProductSchema, p))
    for (const p of products) expect(p.productType).toBe('Brewer')
    const text = await search('lang=en&text=brewer&pageSize=4', 'usafh')
    expect(products).toEqual(text.products)
    const fr = await json(
      `/rest/v2/cab2c/products/searchProductsForCarousel?query=${q('mousseur')}&lang=fr`,
      ProductsResponseSchema,
    )
    expect(v.parse(SearchProductSchema, fr.products[0]).name).toMatch(/^Mousseur à lait/)
  })
})

describe('validation', () => {
  const long = 'x'.repeat(201)
  it.each([
    ['/rest/v2/usb2c/products/searchText?text=coffee', /'lang' is required/],
    ['/rest/v2/usb2c/products/searchsuggestions?term=cof', /'lang' is required/],
    ['/rest/v2/usb2c/products/searchsuggestions?lang=de&term=cof', /'lang' must be en or fr/],
    ['/rest/v2/usb2c/products/searchsuggestions?lang=en&max=0', /'max' must be a whole number from 1 to 20/],
    ['/rest/v2/usb2c/products/searchsuggestions?lang=en&max=21', /'max' must be a whole number/],
    ['/rest/v2/usb2c/products/searchsuggestions?lang=en&max=abc', /'max' must be a whole number/],
    [`/rest/v2/usb2c/products/searchText?lang=en&text=${long}`, /'text' is 201 characters long; at most 200/],
    [`/rest/v2/usb2c/products/searchsuggestions?lang=en&term=${long}`, /'term' is 201 characters/],
    [`/rest/v2/usb2c/products/searchProductsForCarousel?query=${long}`, /'query' is 201 characters/],
    ['/rest/v2/usb2c/products/searchText?lang=fr&text=cafe&curr=CAD', /'curr' must be USD for brand usb2c/],
    ['/rest/v2/cab2c/products/searchText?lang=fr&text=cafe&curr=USD', /'curr' must be CAD for brand cab2c/],
    ['/rest/v2/cab2c/products/searchText?lang=fr&text=cafe&curr=EUR', /'curr' must be CAD/],
    [
      '/rest/v2/usb2c/products/searchText?lang=en&pageSize=101',
      /'pageSize' must be a whole number from 1 to 100/,
    ],
    ['/rest/v2/usb2c/products/searchText?lang=en&currentPage=-1', /'currentPage' must be a whole number/],
    ['/rest/v2/usb2c/products/searchProductsForCarousel?query=x&lang=de', /'lang' must be en or fr/],
    ['/rest/v2/acme/products/searchText?lang=en&text=x', /Unknown brand 'acme'/],
  ])('400 ValidationError for %s', async (path, message) => {
    const body = await json(path, ApiErrorSchema, 400)
    expect(body.errors[0]!.type).toBe('ValidationError')
    expect(body.errors[0]!.message).toMatch(message)
  })

  it('accepts the brand currency in any case and exactly 200 characters', async () => {
    expect((await get('/rest/v2/cab2c/products/searchText?lang=fr&text=cafe&curr=cad')).status).toBe(200)
    expect((await get(`/rest/v2/usb2c/products/searchText?lang=en&text=${'x'.repeat(200)}`)).status).toBe(200)
  })
})

describe('latency', () => {
  it('answers a typical searchText in well under 100 ms (median of 50)', async () => {
    const times: number[] = []
    for (let i = 0; i < 50; i++) {
      const start = performance.now()
      const res = await get('/rest/v2/usb2c/products/searchText?lang=en&text=dark%20roast%20pods&pageSize=20')
      await res.arrayBuffer()
      times.push(performance.now() - start)
    }
    times.sort((a, b) => a - b)
    const median = times[25]!
    console.info(`searchText median ${median.toFixed(2)} ms, p90 ${times[45]!.toFixed(2)} ms (50 runs)`)
    expect(median).toBeLessThan(100)
  })
})
