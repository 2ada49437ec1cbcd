import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BRANDS } from './brand'
import { apiOrigin, pageBrand } from './headerApi'

const page = (host: string, protocol = 'http:') => ({ host, protocol })
const STORE = ['https://api.brewco.example']

describe('the brand input', () => {
  it.each([
    ['cab2c', 'localhost:4200', 'cab2c'],
    [' USAFH ', 'shop.example.ca', 'usafh'],
    ['', 'shop.example.ca', 'cab2c'],
    [undefined, 'commercial.localhost:4200', 'usafh'],
    ['evil', 'shop.example.ca', 'cab2c'],
  ])('%j on %s is %s', (input, host, brand) => expect(pageBrand(page(host), input)).toBe(brand))

  it('property: a known brand id is obeyed on any host; anything else is the host name’s brand', () => {
    fc.assert(
      fc.property(fc.string(), fc.oneof(fc.constantFrom(...BRANDS), fc.string()), (host, input) => {
        const brand = pageBrand(page(host), input)
        expect(BRANDS).toContain(brand)
        if ((BRANDS as readonly string[]).includes(input)) expect(brand).toBe(input)
      }),
    )
  })
})

describe('the baseUrl input', () => {
  it.each([
    ['', 'shop.example.com', 'https:', [], ''],
    ['https://shop.example.com', 'shop.example.com', 'https:', [], ''],
    ['https://SHOP.example.com:443/', 'shop.example.com', 'https:', [], ''],
    ['https://api.brewco.example', 'pages.example.org', 'https:', STORE, 'https://api.brewco.example'],
    ['https://api.brewco.example/', 'pages.example.org', 'https:', STORE, 'https://api.brewco.example'],
    ['https://evil.example', 'shop.example.com', 'https:', STORE, ''],
    ['http://api.brewco.example', 'shop.example.com', 'https:', ['http://api.brewco.example'], ''],
    ['https://api.brewco.example/rest', 'shop.example.com', 'https:', STORE, ''],
    ['https://user:pw@api.brewco.example', 'shop.example.com', 'https:', STORE, ''],
    ['https://api.brewco.example?x=1', 'shop.example.com', 'https:', STORE, ''],
    ['//api.brewco.example', 'shop.example.com', 'https:', STORE, ''],
    ['javascript:alert(1)', 'shop.example.com', 'https:', STORE, ''],
    ['http://localhost:4200', 'cab2c.ca.localhost:4200', 'http:', [], 'http://localhost:4200'],
    ['http://127.0.0.1:4310', 'localhost:4310', 'http:', [], 'http://127.0.0.1:4310'],
    // A page on a public name may not name a loopback origin (the shopper's own machine).
    ['http://localhost:4200', 'cab2c.ca.example:4200', 'http:', [], ''],
  ])('%j on %s//%s (allowed %j) calls %j', (input, host, protocol, allowed, origin) =>
    expect(apiOrigin(page(host, protocol), input, allowed).origin).toBe(origin),
  )

  it('says why an input was not obeyed', () => {
    expect(apiOrigin(page('shop.example.com', 'https:'), 'https://evil.example').ignored).toMatch(
      /not one of the store's API origins/,
    )
  })

  const protocols = fc.constantFrom('http:', 'https:')
  const hosts = fc.oneof(
    fc.constantFrom('localhost:4200', 'cab2c.ca.localhost', 'shop.example.com', 'pages.example.org:8443'),
    fc.domain(),
  )
  const inputs = fc.oneof(
    fc.string(),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.webUrl().map((u) => new URL(u).origin),
    fc.constantFrom('http://localhost:4200', 'https://api.brewco.example', 'https://evil.example'),
  )

  it('property: the header calls its own origin, an allowed one or (from a loopback page) a loopback one; never http from https', () => {
    fc.assert(
      fc.property(protocols, hosts, inputs, (protocol, host, input) => {
        const { origin, ignored } = apiOrigin(page(host, protocol), input, STORE)
        if (origin === '') return
        expect(ignored).toBeUndefined()
        expect(origin).toBe(new URL(input.trim()).origin)
        const loopbackPage = /localhost|^127\./.test(host)
        expect(
          STORE.includes(origin) || (loopbackPage && /\/\/(.+\.)?localhost|\/\/127\./.test(origin)),
        ).toBe(true)
        if (protocol === 'https:') expect(origin.startsWith('https:')).toBe(true)
      }),
    )
  })
})
