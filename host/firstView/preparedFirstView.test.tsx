// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { FirstViewPersonal, FirstViewRequest, SharedFirstViewRequest } from '../../contracts/firstView'
import baseline from './firstViewBaseline.json'
import { prepareFirstView, renderFirstView } from './firstViewHtml'

/**
 * The page server draws what shoppers share once and finishes it per page with the parts drawn
 * from the shopper (server/pages/firstViewCache.ts): the finished HTML must be the very HTML the
 * whole request draws in one pass, for every brand and language, page and shopper, and one prepared
 * view finished for one shopper must hold nothing of the one finished before.
 */
const bodies = baseline.bodies as Record<string, FirstViewRequest['bodies']>
const shared: SharedFirstViewRequest[] = baseline.cases.map((c) => {
  const { shopper: _shopper, ...request } = c.request as Omit<FirstViewRequest, 'bodies'>
  return { ...request, bodies: bodies[c.bodiesOf]! }
})

const SHOPPERS: FirstViewPersonal[] = [
  { shopper: { signedIn: false, firstName: '' } },
  { shopper: { signedIn: false, firstName: '' }, consent: { bannerDue: true } },
  { shopper: { signedIn: true, firstName: 'Zéphyrine' }, consent: { bannerDue: false } },
  // Markup, an ampersand, quotes, a line separator and a script's end: text wherever it is put.
  { shopper: { signedIn: true, firstName: `Ana <b>&amp; "O'Neil"\u2028</script>`, perksMember: true } },
  { shopper: { signedIn: true, firstName: 'Bartholomew', perksMember: false }, consent: { bannerDue: true } },
]

describe('a first view prepared once and finished per shopper', () => {
  it.each(
    shared.map((request) => [`${request.brand} ${request.pathname}${request.search}`, request] as const),
  )('%s: finished for each shopper, the HTML the whole request draws', (_name, request) => {
    const prepared = prepareFirstView(request)
    for (const personal of SHOPPERS)
      expect(prepared.finish(personal)).toBe(renderFirstView({ ...request, ...personal }))
  })

  it('finished for two shoppers in turn, each page has its own shopper only', () => {
    const prepared = prepareFirstView(shared[0]!)
    expect(prepared.chars).toBeGreaterThan(1000)
    const zoe = SHOPPERS[2]!
    const bart = SHOPPERS[4]!
    for (let i = 0; i < 3; i++) {
      const a = prepared.finish(zoe)
      const b = prepared.finish(bart)
      expect(a).toContain('Zéphyrine')
      expect(a).not.toContain('Bartholomew')
      expect(b).toContain('Bartholomew')
      expect(b).not.toContain('Zéphyrine')
      // The consent each one's cookies said: the banner for Bartholomew only.
      expect(a).not.toContain('data-consent-banner')
      expect(b).toContain('data-consent-banner')
      expect(b).toContain('"consent":{"bannerDue":true}')
    }
  })

  it('a page with nothing to paint stays empty for every shopper', () => {
    const bad = prepareFirstView({
      ...shared[0]!,
      bodies: { site: { nope: true }, slot: {}, components: {} },
    })
    for (const personal of SHOPPERS) expect(bad.finish(personal)).toBe('')
  })
})
