import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadCorpus } from '../test/corpus'
import { matchPattern } from './routePattern'
import { isSameOriginPath, ROUTE_TABLE, switchLanguageUrl, toEnglish, toFrench } from './routeTable'

const ctx = { brandName: 'brewco' }
const corpus = loadCorpus('redirects')

/** [English, French] pairs read in both directions. */
const BOTH_WAYS: [string, string][] = [
  ['/', '/fr/accueil'],
  ['/search', '/fr/recherche'],
  ['/login', '/fr/login'],
  ['/logout', '/fr/logout'],
  ['/my-account', '/fr/my-account'],
  ['/my-account/profile', '/fr/my-account/profile'],
  ['/my-account/orders', '/fr/my-account/orders'],
  ['/my-account/loyalty', '/fr/my-account/loyalty'],
  ['/my-account/payment-address', '/fr/my-account/payment-address'],
  ['/my-account/my-replenishment', '/fr/my-account/my-replenishment'],
  ['/new/my-account/my-replenishment', '/fr/new/my-account/my-replenishment'],
  ['/my-account/order/00012345', '/fr/my-account/order/00012345'],
  ['/checkout/orderConfirmation/00012345', '/fr/checkout/orderConfirmation/00012345'],
  ['/replenishment/view-or-edit/R-77', '/fr/replenishment/view-or-edit/R-77'],
  ['/cart', '/fr/cart'],
  ['/appliances/register-brewer', '/fr/appliances/enregistrez-votre-cafetiere'],
  ['/appliances/register-brewer/thank-you', '/fr/appliances/register-brewer/merci'],
  ['/brewco-starter-kit', '/fr/trousse-de-demarrage-brewco'],
  ['/brewco-deals', '/fr/offres-brewco'],
  ['/brewco-rewards', '/fr/programme-fidelite-brewco'],
  ['/coffee-auto-delivery', '/fr/coffee-auto-delivery'],
  ['/lp/smart-family', '/fr/lp/smart-family'],
  ['/small-business-bundle', '/fr/small-business-bundle'],
  ['/content/contact-us', '/fr/content/contact-us'],
  ['/content/terms-and-conditions', '/fr/content/terms-and-conditions'],
  ['/quiz', '/fr/quiz'],
  ['/coffeemakerquiz', '/fr/coffeemakerquiz'],
  ['/coffeemakerquiz/results', '/fr/coffeemakerquiz/results'],
  ['/sustainability', '/fr/developpement-durable'],
  ['/discontinued-items', '/fr/article-de-fin-de-serie'],
  ['/loyalty-program-terms-conditions', '/fr/termes-conditions-programme-fidelite'],
  ['/terms-conditions', '/fr/conditions-utilisation'],
  ['/loyalty/rewardsHistory', '/fr/loyalty/rewardsHistory'],
  ['/membership/point-history', '/fr/membership/point-history'],
  ['/loyalty/rewards', '/fr/loyalty/rewards'],
  ['/membership/rewards-catalog', '/fr/membership/rewards-catalog'],
  ['/recipes', '/fr/recettes'],
  ['/hub', '/fr/hub'],
  ['/c/coffee', '/fr/c/coffee'],
  ['/brewers/p/k-elite', '/fr/brewers/p/k-elite'],
  ['/b/brewco', '/fr/b/brewco'],
  ['/recettes/c/x', '/fr/recettes/c/x'],
  ['/some/other-page', '/fr/some/other-page'],
]

/** English pages that share a French page: read English to French only. */
const TO_FRENCH_ONLY: [string, string][] = [
  ['/productcompare/compare-product', '/fr/cart'],
  ['/brewer-registration', '/fr/appliances/enregistrez-votre-cafetiere'],
]

describe('route table', () => {
  it.each(BOTH_WAYS)('%s → French %s', (en, fr) => expect(toFrench(en, ctx)).toBe(fr))
  it.each(BOTH_WAYS)('%s ← English of %s', (en, fr) => expect(toEnglish(fr, ctx)).toBe(en))
  it.each(TO_FRENCH_ONLY)('%s → French %s', (en, fr) => expect(toFrench(en, ctx)).toBe(fr))

  it('every table row is exercised by the tests above', () => {
    const english = [...BOTH_WAYS, ...TO_FRENCH_ONLY].map(([en]) => en)
    const rowsWithoutOpposite = ROUTE_TABLE.filter((row) => !row.opposite)
    for (const row of rowsWithoutOpposite)
      expect(english.some((en) => matchPattern(row.en, en, 'brewco'))).toBe(true)
  })

  it('keeps the query string and the fragment', () => {
    expect(switchLanguageUrl('/search?text=pods', 'fr', ctx)).toBe('/fr/recherche?text=pods')
    expect(switchLanguageUrl('/fr/recherche?text=pods', 'en', ctx)).toBe('/search?text=pods')
    expect(switchLanguageUrl('/my-account?dashboard=1', 'fr', ctx)).toBe('/fr/my-account?dashboard=1')
    expect(switchLanguageUrl('/my-account/orders?orders=1', 'fr', ctx)).toBe('/fr/my-account/orders?orders=1')
    expect(switchLanguageUrl('/c/coffee?x=1#top', 'fr', ctx)).toBe('/fr/c/coffee?x=1#top')
    expect(switchLanguageUrl({ pathname: '/cart', search: '?a=1', hash: '#h' }, 'fr', ctx)).toBe(
      '/fr/cart?a=1#h',
    )
    expect(switchLanguageUrl(new URL('https://shop.example/fr/cart?a=1'), 'en', ctx)).toBe('/cart?a=1')
  })

  it('returns the same address when the page is already in the target language', () => {
    expect(switchLanguageUrl('/fr/recherche?text=x', 'fr', ctx)).toBe('/fr/recherche?text=x')
    expect(switchLanguageUrl('/search?text=x', 'en', ctx)).toBe('/search?text=x')
  })

  it('ignores trailing slashes and treats /fr alone as the French home', () => {
    expect(toFrench('/cart/', ctx)).toBe('/fr/cart')
    expect(toEnglish('/fr/cart/', ctx)).toBe('/cart')
    expect(toEnglish('/fr', ctx)).toBe('/')
    expect(toEnglish('/fr/', ctx)).toBe('/')
  })

  it('without a brand slug, brand-name pages take the /fr prefix', () => {
    expect(toFrench('/brewco-deals')).toBe('/fr/brewco-deals')
    expect(toFrench('/brewco-deals', { brandName: 'Not A Slug' })).toBe('/fr/brewco-deals')
  })
})

describe('recipe and hub articles', () => {
  const opposite = { brandName: 'brewco', oppositeLanguage: { category: 'dejeuner', title: 'cafe-glace' } }
  const english = { brandName: 'brewco', oppositeLanguage: { category: 'breakfast', title: 'iced-coffee' } }

  it('use the stored opposite-language category and title', () => {
    expect(toFrench('/recipes/breakfast/iced-coffee', opposite)).toBe('/fr/recettes/dejeuner/cafe-glace')
    expect(toEnglish('/fr/recettes/dejeuner/cafe-glace', english)).toBe('/recipes/breakfast/iced-coffee')
    expect(toFrench('/hub/guides/descale', opposite)).toBe('/fr/hub/dejeuner/cafe-glace')
    expect(toEnglish('/fr/hub/dejeuner/cafe-glace', english)).toBe('/hub/breakfast/iced-coffee')
    expect(toFrench('/recipes/breakfast', opposite)).toBe('/fr/recettes/dejeuner')
  })

  it('fall back to the section root without usable slugs', () => {
    expect(toFrench('/recipes/breakfast/iced-coffee', ctx)).toBe('/fr/recettes')
    expect(toEnglish('/fr/recettes/dejeuner/cafe-glace', ctx)).toBe('/recipes')
    expect(toFrench('/hub/guides/descale', ctx)).toBe('/fr/hub')
    expect(toEnglish('/fr/hub/guides/detartrer', ctx)).toBe('/hub')
    expect(toFrench('/recipes/one/two/three', opposite)).toBe('/fr/recettes')
    const unsafe = { brandName: 'brewco', oppositeLanguage: { category: '..', title: '//evil.com' } }
    expect(toFrench('/recipes/breakfast/iced-coffee', unsafe)).toBe('/fr/recettes')
  })

  it('encode slugs as single segments', () => {
    const accented = { brandName: 'brewco', oppositeLanguage: { category: 'déjeuner', title: 'café-glacé' } }
    expect(toFrench('/recipes/x/y', accented)).toBe('/fr/recettes/d%C3%A9jeuner/caf%C3%A9-glac%C3%A9')
    const spaced = { brandName: 'brewco', oppositeLanguage: { category: 'déjeuner', title: 'café glacé' } }
    expect(toFrench('/recipes/x/y', spaced)).toBe('/fr/recettes')
    const encoded = {
      brandName: 'brewco',
      oppositeLanguage: { category: 'd%C3%A9jeuner', title: 'caf%C3%A9' },
    }
    expect(toFrench('/recipes/x/y', encoded)).toBe('/fr/recettes/d%C3%A9jeuner/caf%C3%A9')
  })
})

describe('odd input stays on the site', () => {
  it.each(corpus.offsite)('offsite %j gives a safe home address', (url) => {
    expect(switchLanguageUrl(url, 'fr', ctx)).toBe('/fr/accueil')
    expect(switchLanguageUrl(url, 'en', ctx)).toBe('/')
  })

  it.each(corpus.onsite)('onsite %j stays a same-origin path', (url) => {
    const fr = switchLanguageUrl(url, 'fr', ctx)
    expect(isSameOriginPath(fr)).toBe(true)
    expect(isSameOriginPath(switchLanguageUrl(fr, 'en', ctx))).toBe(true)
  })

  it('handles empty, slash-less and crafted paths', () => {
    expect(toFrench('', ctx)).toBe('/fr/accueil')
    expect(toFrench('cart', ctx)).toBe('/fr/cart')
    expect(toEnglish('/fr//evil.com', ctx)).toBe('/evil.com')
    expect(toEnglish('/fr/\\evil.com', ctx)).toBe('/evil.com')
    expect(toFrench({ pathname: '//evil.com' }, ctx)).toBe('/fr/accueil')
    expect(switchLanguageUrl(null as unknown as string, 'fr', ctx)).toBe('/fr/accueil')
  })
})

const segment = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,11}$/)
const notFr = segment.filter((s) => s !== 'fr')

describe('properties', () => {
  it('for any string: never throws, always one leading slash, always same-origin', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.constantFrom('en' as const, 'fr' as const), (s, lang) => {
        const out = switchLanguageUrl(s, lang, ctx)
        expect(out.startsWith('/')).toBe(true)
        expect(out.startsWith('//') || out.startsWith('/\\')).toBe(false)
        expect(isSameOriginPath(out)).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('/c/, /p/ and /b/ paths survive English → French → English', () => {
    const catalogue = fc
      .tuple(
        fc.array(segment, { maxLength: 3 }),
        fc.constantFrom('c', 'p', 'b'),
        fc.array(segment, { minLength: 1, maxLength: 3 }),
      )
      .filter(([before]) => before[0] !== 'fr')
      .map(([before, kind, after]) => `/${[...before, kind, ...after].join('/')}`)
    fc.assert(
      fc.property(catalogue, (path) => {
        const fr = toFrench(path, ctx)
        expect(fr).toBe(`/fr${path}`)
        expect(toEnglish(fr, ctx)).toBe(path)
      }),
    )
  })

  it('the /fr prefix rule round-trips for paths outside the table', () => {
    const inTable = (path: string) =>
      ROUTE_TABLE.some(
        (row) => matchPattern(row.en, path, 'brewco') || matchPattern(row.fr, `/fr${path}`, 'brewco'),
      )
    const paths = fc
      .tuple(notFr, fc.array(segment, { maxLength: 4 }))
      .map(([first, rest]) => `/${[first, ...rest].join('/')}`)
      .filter((path) => !inTable(path))
    fc.assert(
      fc.property(paths, (path) => {
        expect(toFrench(path, ctx)).toBe(`/fr${path}`)
        expect(toEnglish(`/fr${path}`, ctx)).toBe(path)
      }),
      { numRuns: 1000 },
    )
  })
})
