// @vitest-environment node
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FirstViewRequest } from '../../contracts/firstView'
import { PREVIEW_COOKIE } from '../console/pluginPreview'
import { consoleClient, signIn } from '../console/testing/consoleClient'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'

/** A renderer that says what it was given, and counts its calls. */
const calls: FirstViewRequest[] = []
const firstViewRenderer = (request: FirstViewRequest) => {
  calls.push(request)
  const disabled = JSON.stringify(request.bodies.site).match(
    /"header\.plugins\.disabled","value":"([^"]*)"/,
  )?.[1]
  return `<div data-first-view="">hello ${request.shopper.firstName || 'visitor'} at ${request.pathname}${request.search} banner ${request.consent?.bannerDue} off ${disabled}</div>`
}

let server: ReferenceServer
beforeAll(async () => {
  expect(
    existsSync('dist/.vite/manifest.json'),
    'run `npm run build` first: pages need the header bundle',
  ).toBe(true)
  server = await createServer({ ...(await testStore()), log: false, distDir: 'dist', firstViewRenderer })
}, 60_000)
afterAll(() => server.close())

const page = async (path: string, cookies: Record<string, string> = {}) => {
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('; ')
  const res = await server.app.request(path, { headers: { host: 'localhost:4200', cookie } })
  expect(res.status).toBe(200)
  return res.text()
}
const shopper = (firstName: string) => ({
  refresh_token: `not-a-real-token-${firstName}`,
  customerFirstName: firstName,
})

describe('the first view rendered once per distinct request', () => {
  it('renders the same request once, and every personal difference apart', async () => {
    calls.length = 0
    const first = await page('/')
    const again = await page('/')
    expect(calls).toHaveLength(1)
    expect(first).toContain('hello visitor at / banner true')
    expect(again).toContain('hello visitor at / banner true')

    // Two shoppers, the consent banner no longer due, another path, a query: each its own render.
    const zoe = await page('/', shopper('Zoé'))
    const bart = await page('/', shopper('Bartholomew'))
    expect(zoe).toContain('hello Zoé at /')
    expect(zoe).not.toContain('Bartholomew')
    expect(bart).toContain('hello Bartholomew at /')
    expect(bart).not.toContain('Zoé')
    await page('/search', { cookieBannerAccepted: 'true' })
    expect(await page('/search?text=dark')).toContain('at /search?text=dark')
    expect(await page('/search?text=decaf')).toContain('at /search?text=decaf')
    const before = calls.length
    expect(await page('/', shopper('Zoé'))).toContain('hello Zoé at /')
    expect(calls.length).toBe(before)
  })

  it('draws a plugin-switch change made in the console at once, and a preview fresh every time', async () => {
    await page('/')
    const { cookie } = await signIn(server.app, 'brand.usb2c@brewco.example', 'Switch1234')
    const client = consoleClient(server.app, cookie!)
    const form = await client.formOf('/console/brands/usb2c')
    const on = ['logging', 'analytics', 'consent', 'content', 'nav', 'search', 'auth']
    const saved = await client.post('/console/brands/usb2c', {
      csrf: form.csrf,
      basedOn: form.basedOn,
      reason: 'Perks paused',
      on,
    })
    expect(saved.status).toBe(303)
    expect(await page('/')).toMatch(/off [^<]*loyalty/)

    calls.length = 0
    await page('/', { [PREVIEW_COOKIE]: 'no-such-ticket' })
    await page('/', { [PREVIEW_COOKIE]: 'no-such-ticket' })
    await page('/?cmsTicketId=t1')
    await page('/?cmsTicketId=t1')
    expect(calls).toHaveLength(4)
  })
})
