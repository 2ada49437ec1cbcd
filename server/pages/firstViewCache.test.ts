// @vitest-environment node
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FirstViewPersonal, PrepareFirstView, SharedFirstViewRequest } from '../../contracts/firstView'
import { PREVIEW_COOKIE } from '../console/pluginPreview'
import { consoleClient, signIn } from '../console/testing/consoleClient'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'

/**
 * A renderer that says what it was given, and counts its calls: the shared part names the page and
 * the switches, and its `data-shared` number says which preparation a page was finished from; the
 * finished part names the shopper.
 */
const prepared: SharedFirstViewRequest[] = []
const finished: FirstViewPersonal[] = []
let preparations = 0
const firstViewRenderer: PrepareFirstView = (request) => {
  prepared.push(request)
  const n = ++preparations
  const site = JSON.stringify(request.bodies.site)
  const disabled = site.match(/"header\.plugins\.disabled","value":"([^"]*)"/)?.[1]
  const login = site.match(/"header\.log\.in","value":"([^"]*)"/)?.[1]
  const shared = `<div data-first-view="" data-shared="${n}">at ${request.pathname}${request.search} off ${disabled} login ${login}`
  return {
    chars: shared.length,
    finish: (personal) => {
      finished.push(personal)
      return `${shared} hello ${personal.shopper.firstName || 'visitor'} banner ${personal.consent?.bannerDue}</div>`
    },
  }
}

let server: ReferenceServer
beforeAll(async () => {
  expect(
    existsSync('dist/.vite/manifest.json'),
    'run `npm run build` first: pages need the header bundle',
  ).toBe(true)
  server = await createServer({
    ...(await testStore()),
    log: false,
    distDir: 'dist',
    firstViewRenderer,
    contentCheckMs: 0,
  })
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

const sharedOf = (html: string) => Number(html.match(/data-shared="(\d+)"/)?.[1])

describe('the first view’s shared part drawn once, the shopper’s parts per page', () => {
  it('draws what shoppers share once for all of them, and each page with its own shopper', async () => {
    prepared.length = 0
    finished.length = 0
    const first = await page('/')
    const again = await page('/')
    const zoe = await page('/', shopper('Zoé'))
    const bart = await page('/', shopper('Bartholomew'))
    // One shared drawing for the visitors, one for both shoppers (signed in, their content is a
    // known user's): the renderer never saw a shopper's name for either.
    expect(prepared).toHaveLength(2)
    expect(JSON.stringify(prepared)).not.toMatch(/Zoé|Bartholomew|not-a-real-token/)
    // The visitor's second page was kept whole; each shopper's own parts were drawn for their page.
    expect(finished.map((p) => p.shopper.firstName)).toEqual(['', 'Zoé', 'Bartholomew'])
    expect(sharedOf(again)).toBe(sharedOf(first))
    expect(sharedOf(bart)).toBe(sharedOf(zoe))
    expect(sharedOf(zoe)).not.toBe(sharedOf(first))
    expect(first).toContain('at / off')
    expect(first).toContain('hello visitor')
    expect(zoe).toContain('hello Zoé')
    expect(zoe).not.toContain('Bartholomew')
    expect(bart).toContain('hello Bartholomew')
    expect(bart).not.toContain('Zoé')
    // Other consent cookies: the same shared part.
    expect(sharedOf(await page('/', { cookieBannerAccepted: 'true' }))).toBe(sharedOf(first))
    expect(prepared).toHaveLength(2)
    // Another path, another query: each its own shared part, drawn once.
    expect(await page('/search?text=dark')).toContain('at /search?text=dark')
    expect(await page('/search?text=decaf')).toContain('at /search?text=decaf')
    await page('/search?text=dark', { cookieBannerAccepted: 'true' })
    expect(prepared).toHaveLength(4)
  })

  it('draws content targeted to a segment apart from the content of visitors without it', async () => {
    prepared.length = 0
    const purchaser = await page('/', { visitorSegments: 'KnownUser~Purchaser' })
    const visitor = await page('/')
    expect(sharedOf(purchaser)).not.toBe(sharedOf(visitor))
    expect(sharedOf(await page('/', { visitorSegments: 'KnownUser~Purchaser' }))).toBe(sharedOf(purchaser))
  })

  it('draws the shared part again once the content changes in the database', async () => {
    const before = await page('/')
    expect(await page('/')).toContain(`data-shared="${sharedOf(before)}"`)
    const { rows } = await server.db.query<{ value: string }>(
      `SELECT value FROM message_labels WHERE brand = 'usb2c' AND lang = 'en' AND key = 'header.log.in'`,
    )
    const was = rows[0]!.value
    await server.db.query(
      `UPDATE message_labels SET value = 'Sign in here' WHERE brand = 'usb2c' AND lang = 'en' AND key = 'header.log.in'`,
    )
    try {
      const after = await page('/')
      expect(sharedOf(after)).toBeGreaterThan(sharedOf(before))
      expect(after).toContain('login Sign in here')
    } finally {
      await server.db.query(
        `UPDATE message_labels SET value = $1 WHERE brand = 'usb2c' AND lang = 'en' AND key = 'header.log.in'`,
        [was],
      )
    }
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

    prepared.length = 0
    await page('/', { [PREVIEW_COOKIE]: 'no-such-ticket' })
    await page('/', { [PREVIEW_COOKIE]: 'no-such-ticket' })
    await page('/?cmsTicketId=t1')
    await page('/?cmsTicketId=t1')
    expect(prepared).toHaveLength(4)
  })
})
