import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { brandFromHost } from './brand'

describe('brand from host (nav spec §9)', () => {
  it.each([
    ['www.example.com', 'usb2c'],
    ['localhost:4200', 'usb2c'],
    ['shop.example.ca', 'cab2c'],
    ['cab2c.ca.localhost:4200', 'cab2c'],
    ['commercial.example.com', 'usafh'],
    ['commercial2.example.com', 'usafh'],
    ['www.commercial12.example.com', 'usafh'],
    ['commercial.localhost:4200', 'usafh'],
    ['cafe.example.com', 'usb2c'],
    ['', 'usb2c'],
  ])('%s → %s', (host, brand) => expect(brandFromHost(host)).toBe(brand))

  it('property: any host gives one of the three brands and never throws', () => {
    fc.assert(
      fc.property(fc.string(), (h) => {
        expect(['usb2c', 'cab2c', 'usafh']).toContain(brandFromHost(h))
      }),
    )
  })
})
