// @vitest-environment node
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({
    ...(await testStore()),
    log: false,
    trustedHosts: { hosts: ['shop.brewco.example'], fallbackOrigin: 'http://localhost:4200' },
  })
})
afterAll(() => server.close())

const preflight = (origin: string) =>
  server.app.request('/rest/v2/cab2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER', {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'x-correlation-id,x-brand-agent',
    },
  })

it.each(['http://pages.localhost:4200', 'https://shop.brewco.example', 'http://127.0.0.1:4310'])(
  'lets a header on the store origin %s call the API',
  async (origin) => {
    const res = await preflight(origin)
    expect(res.headers.get('access-control-allow-origin')).toBe(origin)
    expect(res.headers.get('access-control-allow-headers')).toMatch(/x-correlation-id/)
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
  },
)

it.each(['https://evil.example', 'null', 'file://x', 'https://shop.brewco.example.evil.example'])(
  'never lets %s',
  async (origin) => {
    expect((await preflight(origin)).headers.get('access-control-allow-origin')).toBeNull()
  },
)

it('answers a call from an allowed origin with that origin and Vary: Origin, and one from another site without it', async () => {
  const call = (origin: string) =>
    server.app.request('/rest/v2/cab2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER', {
      headers: { origin },
    })
  const allowed = await call('https://shop.brewco.example')
  expect(allowed.status).toBe(200)
  expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.brewco.example')
  expect(allowed.headers.get('vary')).toMatch(/\bOrigin\b/)
  expect(allowed.headers.get('x-content-type-options')).toBe('nosniff')
  const other = await call('https://evil.example')
  expect(other.headers.get('access-control-allow-origin')).toBeNull()
  expect(other.headers.get('vary')).toMatch(/\bOrigin\b/)
  // An error answer carries them too.
  const missing = await server.app.request('/rest/v2/cab2c/cms/nothing-here', {
    headers: { origin: 'https://shop.brewco.example' },
  })
  expect(missing.status).toBe(404)
  expect(missing.headers.get('access-control-allow-origin')).toBe('https://shop.brewco.example')
})
