// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import { configHistory, PLUGINS_DISABLED_KEY, saveConfigVersion } from './configVersions'
import { consoleClient, form, signIn } from './testing/consoleClient'

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
}, 60_000)
afterAll(() => server.close())

const siteDisabled = async (brand: string) => {
  const res = await server.app.request(
    `/rest/v2/${brand}/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER`,
  )
  const body = (await res.json()) as { siteConfig?: { entry?: { key: string; value: string }[] } }
  return JSON.stringify(body).match(/"header\.plugins\.disabled","value":"([^"]*)"/)?.[1]
}

describe('the console’s sign-in', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie for an operator, and refuses a shopper’s password', async () => {
    const ok = await signIn(server.app, 'brand.cab2c@brewco.example', 'Switch1234')
    expect(ok.res.status).toBe(303)
    expect(ok.res.headers.get('location')).toBe('/console/brands')
    expect(ok.setCookie).toMatch(/HttpOnly/)
    expect(ok.setCookie).toMatch(/SameSite=Strict/)
    expect(ok.setCookie).toMatch(/Path=\/console/)
    // The seeded shopper is no operator.
    const shopper = await signIn(server.app, 'shopper@brewco.example', 'Coffee1234')
    expect(shopper.res.status).toBe(401)
    expect(await shopper.res.text()).toContain('do not match an operator account')
    expect(shopper.cookie).toBeUndefined()
  })

  it('counts failures in the store’s sign-in throttle: the eleventh try is a 429 page', async () => {
    for (let i = 0; i < 10; i++) await signIn(server.app, 'admin@brewco.example', 'wrong')
    const { rows } = await server.db.query<{ n: string }>('SELECT count(*) AS n FROM sign_in_failures')
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(10)
    const locked = await signIn(server.app, 'admin@brewco.example', 'Admin1234')
    expect(locked.res.status).toBe(429)
    expect(await locked.res.text()).toContain('Too many attempts')
  })

  it('refuses a bearer token, a missing session and a role without the right with clear pages', async () => {
    const bearer = await server.app.request('/console/brands', {
      headers: { authorization: 'Bearer abc.def.ghi' },
    })
    expect(bearer.status).toBe(401)
    expect(await bearer.text()).toContain('takes no shopper or agent token')
    const none = await server.app.request('/console/brands/cab2c')
    expect(none.status).toBe(401)
    expect(await none.text()).toContain('Sign in to the console')
    const monitor = await signIn(server.app, 'monitor@brewco.example', 'Watch1234')
    const refused = await consoleClient(server.app, monitor.cookie!).get('/console/brands')
    expect(refused.status).toBe(403)
    const usTeam = await signIn(server.app, 'brand.usb2c@brewco.example', 'Switch1234')
    expect((await consoleClient(server.app, usTeam.cookie!).get('/console/brands/cab2c')).status).toBe(403)
  })
})

describe('plugin switches per brand', () => {
  it('saves a version with who and why, live at once; refuses a missing CSRF token and a stale save', async () => {
    const { cookie } = await signIn(server.app, 'brand.cab2c@brewco.example', 'Switch1234')
    const client = consoleClient(server.app, cookie!)
    const page = await client.formOf('/console/brands/cab2c')
    expect(page.basedOn).toBe('1')
    expect(await siteDisabled('cab2c')).toBe('')
    const on = ['logging', 'analytics', 'consent', 'content', 'nav', 'search', 'auth']
    const noCsrf = await client.post('/console/brands/cab2c', { basedOn: '1', reason: 'x', on })
    expect(noCsrf.status).toBe(403)
    // A token of the right length with a character outside ASCII is refused with the page, not a 500.
    const accented = await client.post('/console/brands/cab2c', {
      csrf: `é${page.csrf.slice(1)}`,
      basedOn: '1',
      reason: 'x',
      on,
    })
    expect(accented.status).toBe(403)
    expect(await accented.text()).toContain('The form could not be checked')
    const noReason = await client.post('/console/brands/cab2c', {
      csrf: page.csrf,
      basedOn: '1',
      reason: ' ',
      on,
    })
    expect(noReason.status).toBe(400)
    const saved = await client.post('/console/brands/cab2c', {
      csrf: page.csrf,
      basedOn: '1',
      reason: 'Perks paused for the weekend',
      on,
    })
    expect(saved.status).toBe(303)
    expect(saved.headers.get('location')).toBe('/console/brands/cab2c?saved=2')
    expect(await siteDisabled('cab2c')).toBe('loyalty')
    // A second editor who opened version 1 is told, and nothing is overwritten.
    const stale = await client.post('/console/brands/cab2c', {
      csrf: page.csrf,
      basedOn: '1',
      reason: 'mine',
      on: [...on, 'loyalty'],
    })
    expect(stale.status).toBe(409)
    expect(await stale.text()).toContain('brand.cab2c@brewco.example')
    expect(await siteDisabled('cab2c')).toBe('loyalty')
    // Putting version 1 back is version 3.
    const restored = await client.post('/console/brands/cab2c/restore', {
      csrf: page.csrf,
      basedOn: '2',
      version: '1',
      reason: 'Weekend over',
    })
    expect(restored.headers.get('location')).toBe('/console/brands/cab2c?saved=3')
    expect(await siteDisabled('cab2c')).toBe('')
    const history = await configHistory(server.db, 'cab2c', PLUGINS_DISABLED_KEY)
    expect(history.versions.map((v) => [v.version, v.value, v.changedBy, v.reason])).toEqual([
      [3, '', 'brand.cab2c@brewco.example', 'Put back version 1: Weekend over'],
      [2, 'loyalty', 'brand.cab2c@brewco.example', 'Perks paused for the weekend'],
      [1, '', 'seed', 'The value before the console kept versions'],
    ])
    const html = (await client.formOf('/console/brands/cab2c')).html
    expect(html).toContain('Perks paused for the weekend')
  })

  it('previews the switches for the one browser that follows the preview link, saving nothing', async () => {
    const { cookie } = await signIn(server.app, 'brand.cab2c@brewco.example', 'Switch1234')
    const client = consoleClient(server.app, cookie!)
    const page = await client.formOf('/console/brands/cab2c')
    const on = ['logging', 'analytics', 'consent', 'content', 'nav', 'search', 'auth']
    const res = await client.post('/console/brands/cab2c/preview', {
      csrf: page.csrf,
      basedOn: page.basedOn,
      on,
      lang: 'fr',
    })
    expect(res.status).toBe(303)
    const link = new URL(res.headers.get('location')!)
    expect(link.host).toBe('cab2c.ca.localhost')
    const taken = await server.app.request(`http://cab2c.ca.localhost${link.pathname}${link.search}`)
    expect(taken.headers.get('location')).toBe('/fr/accueil')
    const preview = taken.headers.getSetCookie()[0]!.split(';')[0]!
    const siteConfig = async (headers: Record<string, string> = {}) => {
      const url =
        'http://cab2c.ca.localhost/rest/v2/cab2c/cms/siteConfig?lang=fr&pageLabelOrId=NAVIGATIONHEADER'
      return (await server.app.request(url, { headers })).text()
    }
    expect(await siteConfig({ cookie: preview })).toContain(
      '{"key":"header.plugins.disabled","value":"loyalty"}',
    )
    expect(await siteConfig()).not.toContain('"value":"loyalty"')
    // The preview is the cab2c store's only, and nothing was saved.
    const other = await server.app.request(
      'http://localhost/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER',
      {
        headers: { cookie: preview },
      },
    )
    expect(await other.text()).not.toContain('"value":"loyalty"')
    expect((await client.formOf('/console/brands/cab2c')).basedOn).toBe(page.basedOn)
  })

  it('lets only one of two saves over the same version through, even at the same moment', async () => {
    const change = (who: string) =>
      saveConfigVersion(server.db, {
        brand: 'usafh',
        key: PLUGINS_DISABLED_KEY,
        value: who,
        basedOn: 1,
        changedBy: who,
        reason: 'race',
      })
    const results = await Promise.all([change('a'), change('b')])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    const { rows } = await server.db.query<{ value: string }>(
      "SELECT value FROM site_config WHERE brand = 'usafh' AND key = $1",
      [PLUGINS_DISABLED_KEY],
    )
    const winner = results.findIndex((r) => r.ok) === 0 ? 'a' : 'b'
    expect(rows[0]!.value).toBe(winner)
  })

  it('never answers a 500 to a malformed form', async () => {
    const { cookie } = await signIn(server.app, 'brand.cab2c@brewco.example', 'Switch1234')
    const res = await server.app.request('/console/brands/cab2c/restore', {
      method: 'POST',
      headers: { cookie: cookie!, 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ version: 'x' }),
    })
    expect(res.status).toBe(403)
    expect((await server.app.request('/console/nowhere')).status).toBe(404)
  })
})
