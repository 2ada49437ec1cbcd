// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findPlaces, fold, GAZETTEER } from './gazetteer'

/** The regions, or postal codes, of the places an English page finds for `q`. */
const regions = (q: string, country: 'US' | 'CA') => findPlaces(q, country, 'en').map((p) => p.region)
const codes = (q: string, country: 'US' | 'CA') => findPlaces(q, country, 'en').map((p) => p.postalCode)

describe('the reference geocoder (header spec §7 maps geocode)', () => {
  it('finds a ZIP code, with its ZIP+4 too, as a point and a US address', () => {
    const boston = {
      formattedAddress: 'Boston, MA 02108, USA',
      location: { lat: 42.3576, lng: -71.0649 },
      postalCode: '02108',
      region: 'MA',
      country: 'US',
    }
    expect(findPlaces('02108', 'US', 'en')).toEqual([boston])
    expect(findPlaces(' 02108-1234 ', 'US', 'fr')).toEqual([boston])
  })

  it('finds a Canadian postal code by its area, in any spacing or case, with the French address in French', () => {
    expect(findPlaces('h2x 1y4', 'CA', 'fr')).toEqual([
      expect.objectContaining({
        formattedAddress: 'Montréal (QC) H2X, Canada',
        postalCode: 'H2X',
        region: 'QC',
      }),
    ])
    expect(findPlaces('H2X1Y4', 'CA', 'en')).toEqual([
      expect.objectContaining({ formattedAddress: 'Montréal, QC H2X, Canada' }),
    ])
    expect(findPlaces('m5v', 'CA', 'en')).toEqual([
      expect.objectContaining({ postalCode: 'M5V', region: 'ON' }),
    ])
  })

  it('finds a town with or without accents, state or province (by code or name) and country', () => {
    expect(regions('Montreal', 'CA')).toEqual(['QC'])
    expect(regions('Québec, Québec', 'CA')).toEqual(['QC'])
    expect(regions("st john's nl", 'CA')).toEqual(['NL'])
    expect(regions('St Johns, Newfoundland', 'CA')).toEqual(['NL'])
    expect(regions('Trois-Rivières', 'CA')).toEqual(['QC'])
    expect(regions('New York', 'US')).toEqual(['NY'])
    expect(regions('Seattle, Washington, USA', 'US')).toEqual(['WA'])
    expect(regions('Washington DC', 'US')).toEqual(['DC'])
    // A town of two states is both, best first; its state picks one.
    expect(regions('Portland', 'US')).toEqual(['OR', 'ME'])
    expect(regions('Portland, Maine', 'US')).toEqual(['ME'])
    expect(regions('Burlington VT', 'US')).toEqual(['VT'])
  })

  it('reads a whole address: town, state or province, postal code and country, in the usual orders', () => {
    expect(codes('Boston, MA 02108', 'US')).toEqual(['02108'])
    expect(codes('Portland, OR 97204', 'US')).toEqual(['97204'])
    expect(codes('02108, USA', 'US')).toEqual(['02108'])
    expect(codes('Boston MA 02108 1234 U.S.A.', 'US')).toEqual(['02108'])
    expect(codes('MA 02108', 'US')).toEqual(['02108'])
    expect(codes('Washington, D.C.', 'US')).toEqual(['20001'])
    expect(codes('Seattle, United States of America', 'US')).toEqual(['98101'])
    expect(codes('H2X 1Y4, Canada', 'CA')).toEqual(['H2X'])
    expect(codes('Montreal, QC H2X 1Y4', 'CA')).toEqual(['H2X'])
    // "CA" ends a Canadian address as the country, a US one as California.
    expect(codes('Toronto, ON, CA', 'CA')).toEqual(['M5V'])
    expect(codes('Toronto, CA', 'CA')).toEqual(['M5V'])
    expect(codes('Los Angeles, CA', 'US')).toEqual(['90012'])
    // A ZIP the gazetteer does not know still finds its town; a known one picks the town of two states.
    expect(codes('Boston, MA 02110', 'US')).toEqual(['02108'])
    expect(codes('Portland 04101', 'US')).toEqual(['04101'])
  })

  it('finds each place again from the address it answered, in both languages', () => {
    for (const country of ['US', 'CA'] as const)
      for (const lang of ['en', 'fr'] as const)
        for (const place of GAZETTEER[country].flatMap((t) => findPlaces(t.postalCode, country, lang)))
          expect(findPlaces(place.formattedAddress, country, lang)).toEqual([place])
  })

  it("finds nothing outside the brand's country, and nothing for what is no place", () => {
    expect(findPlaces('Toronto', 'US', 'en')).toEqual([])
    expect(findPlaces('02108', 'CA', 'en')).toEqual([])
    expect(findPlaces('H2X 1Y4', 'US', 'en')).toEqual([])
    expect(findPlaces('Boston, ON', 'US', 'en')).toEqual([])
    expect(findPlaces('99999', 'US', 'en')).toEqual([])
    // D, F, I, O, Q and U are never in a Canadian postal code.
    expect(findPlaces('D2X', 'CA', 'en')).toEqual([])
    expect(findPlaces('!!!', 'US', 'en')).toEqual([])
  })

  it('any known place is found by its postal code and its town, written any way a shopper might', () => {
    const place = fc.constantFrom(
      ...GAZETTEER.US.map((t) => ({ ...t, country: 'US' as const })),
      ...GAZETTEER.CA.map((t) => ({ ...t, country: 'CA' as const })),
    )
    const spacing = fc.constantFrom(' ', '  ', ', ', ' , ', '\t')
    fc.assert(
      fc.property(
        place,
        spacing,
        fc.boolean(),
        fc.constantFrom<'en' | 'fr'>('en', 'fr'),
        (t, gap, upper, lang) => {
          const byCode = findPlaces(
            upper ? t.postalCode.toUpperCase() : t.postalCode.toLowerCase(),
            t.country,
            lang,
          )
          expect(byCode.map((p) => p.postalCode)).toEqual([t.postalCode])
          const typed = `${upper ? t.town.toUpperCase() : fold(t.town)}${gap}${t.region}`
          const byTown = findPlaces(typed, t.country, lang)
          expect(byTown).toHaveLength(1)
          expect(byTown[0]).toMatchObject({ postalCode: t.postalCode, region: t.region, country: t.country })
        },
      ),
    )
  })

  it('never throws, and answers only places of the country asked, for any text', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 100 }),
        fc.constantFrom<'US' | 'CA'>('US', 'CA'),
        (text, country) => {
          for (const p of findPlaces(text, country, 'en')) expect(p.country).toBe(country)
        },
      ),
    )
  })
})
