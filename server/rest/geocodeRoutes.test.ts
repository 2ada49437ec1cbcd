// @vitest-environment node
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GeocodeResponseSchema } from '../../contracts/geocode'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
}, 60_000)
afterAll(() => server.close())

const geocode = (brand: string, query: string) =>
  server.app.request(`/rest/v2/${brand}/maps/geocode?${query}`)

describe('GET maps/geocode (header spec §7)', () => {
  it("answers the places of the brand's country in the page's language, kept a day", async () => {
    const fr = await geocode('cab2c', 'address=h2x%201y4&lang=fr')
    expect(fr.status).toBe(200)
    expect(fr.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(v.parse(GeocodeResponseSchema, await fr.json()).results).toEqual([
      {
        formattedAddress: 'Montréal (QC) H2X, Canada',
        location: { lat: 45.5088, lng: -73.5698 },
        postalCode: 'H2X',
        region: 'QC',
        country: 'CA',
      },
    ])
    const us = await geocode('usafh', 'address=Boston%2C%20MA')
    expect(v.parse(GeocodeResponseSchema, await us.json()).results).toEqual([
      expect.objectContaining({ formattedAddress: 'Boston, MA 02108, USA' }),
    ])
  })

  it('none is an empty list, not an error: a Canadian place on a US store, an unknown ZIP', async () => {
    for (const [brand, address] of [
      ['usb2c', 'Toronto'],
      ['cab2c', '02108'],
      ['usb2c', '99999'],
    ] as const) {
      const res = await geocode(brand, `address=${encodeURIComponent(address)}`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ results: [] })
    }
  })

  it('400 naming the parameter for a missing, too short, too long or marked-up address, and for a wrong language', async () => {
    for (const query of [
      '',
      'address=',
      'address=%20a%20',
      `address=${'a'.repeat(101)}`,
      'address=%3Cscript%3E',
    ]) {
      const res = await geocode('usb2c', query)
      expect(res.status).toBe(400)
      expect(JSON.stringify(await res.json())).toContain("'address'")
    }
    const lang = await geocode('usb2c', 'address=Boston&lang=de')
    expect(lang.status).toBe(400)
    expect((await geocode('nobrand', 'address=Boston')).status).toBe(400)
  })
})
