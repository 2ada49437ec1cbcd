import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadCorpus } from '../test/corpus'
import {
  hasFrenchPrefix,
  type Lang,
  langFromPath,
  langFromPrefix,
  localizedPath,
  withoutLangPrefix,
} from './language'
import { isSameOriginPath } from './safePath'

describe('language from path', () => {
  it.each([
    ['/fr/accueil', 'fr'],
    ['/fr', 'fr'],
    ['/c/fr/x', 'fr'],
    ['/', 'en'],
    ['/french-roast', 'en'],
    ['/frites', 'en'],
  ])('%s → %s', (path, lang) => expect(langFromPath(path)).toBe(lang))

  it('by prefix only: the language switch reads /c/fr/x as English', () => {
    expect(['/fr', '/fr/cart', '/fr?x', '/fr#top', '/c/fr/x', '/frites', '/'].map(langFromPrefix)).toEqual([
      'fr',
      'fr',
      'fr',
      'fr',
      'en',
      'en',
      'en',
    ])
  })
})

describe('localised path (the /fr prefix rule)', () => {
  it.each([
    ['/login', '/fr/login'],
    ['/', '/fr'],
    ['/fr', '/fr'],
    ['/fr/login', '/fr/login'],
    ['/fr?x=1', '/fr?x=1'],
    ['/fr#top', '/fr#top'],
    ['/frites', '/fr/frites'],
    ['/my-account/orders?orders=1', '/fr/my-account/orders?orders=1'],
    ['/?q=1', '/fr/?q=1'],
    ['/#top', '/fr/#top'],
  ])('French %s → %s', (path, french) => expect(localizedPath('fr', path)).toBe(french))

  it('English paths and anything that is not a path are kept as they are', () => {
    for (const path of ['/login', '/fr/login', '/', 'login', '', 'https://evil.example/x'])
      expect(localizedPath('en', path)).toBe(path)
    for (const path of ['login', '', 'https://evil.example/x']) expect(localizedPath('fr', path)).toBe(path)
  })

  it.each([
    ['/fr/cart', '/cart'],
    ['/fr', '/'],
    ['/fr/', '/'],
    ['/fr?q=1', '/?q=1'],
    ['/fr#top', '/#top'],
    ['/frites', '/frites'],
    ['/c/fr/x', '/c/fr/x'],
  ])('without the prefix: %s → %s', (path, english) => expect(withoutLangPrefix(path)).toBe(english))

  const { onsite } = loadCorpus('redirects')
  const langArb = fc.constantFrom<Lang>('en', 'fr')
  /** Same-origin paths: generated web paths, with query and fragment, the corpus's on-site ones, French ones. */
  const pathArb = fc
    .oneof(
      fc.webPath(),
      fc.tuple(fc.webPath(), fc.webQueryParameters(), fc.webFragments()).map(([p, q, f]) => `${p}?${q}#${f}`),
      fc.constantFrom(...onsite, '/fr', '/fr/', '/fr?x', '/fr#x', '/frites', '/'),
      fc.webPath().map((p) => `/fr${p}`),
    )
    .filter((p) => p.startsWith('/'))

  it('property: idempotent, French output carries the prefix once, English output none added', () => {
    fc.assert(
      fc.property(langArb, pathArb, (lang, path) => {
        const out = localizedPath(lang, path)
        expect(localizedPath(lang, out)).toBe(out)
        if (lang === 'fr') {
          expect(hasFrenchPrefix(out)).toBe(true)
          expect(out.startsWith('/fr/fr/') || out === '/fr/fr').toBe(hasFrenchPrefix(withoutLangPrefix(path)))
        } else expect(out).toBe(path)
      }),
    )
  })

  it('property: never adds a `//`, and a same-origin path stays one', () => {
    fc.assert(
      fc.property(langArb, pathArb, (lang, path) => {
        const out = localizedPath(lang, path)
        if (!path.includes('//')) expect(out.includes('//')).toBe(false)
        if (!path.includes('//')) expect(withoutLangPrefix(path).includes('//')).toBe(false)
        if (isSameOriginPath(path)) expect(isSameOriginPath(out)).toBe(true)
      }),
    )
  })

  it('property: round trip — an English path made French and stripped again is itself', () => {
    fc.assert(
      fc.property(
        pathArb.filter((p) => !hasFrenchPrefix(p)),
        (path) => {
          expect(withoutLangPrefix(localizedPath('fr', path))).toBe(path)
          expect(langFromPrefix(localizedPath('fr', path))).toBe('fr')
          expect(langFromPrefix(withoutLangPrefix(localizedPath('fr', path)))).toBe('en')
        },
      ),
    )
  })
})
