// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../app'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import { configHistory, PLUGINS_DISABLED_KEY } from './configVersions'
import { pageSwitches } from './pluginPreview'
import { disabledForLang, encodeSwitches, readSwitches } from './pluginSwitches'
import { currentRollout, inRollout, VISITOR_COOKIE } from './rolloutSwitches'
import { SCHEDULED_KEY } from './scheduledSwitches'
import { consoleClient, signIn } from './testing/consoleClient'

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
}, 60_000)
afterAll(() => server.close())

const EVERY = ['logging', 'analytics', 'consent', 'content', 'nav', 'search', 'auth', 'loyalty']
const without = (...ids: string[]) => EVERY.filter((id) => !ids.includes(id))

const live = async (brand: string) => {
  const { rows } = await server.db.query<{ value: string }>(
    'SELECT value FROM site_config WHERE brand = $1 AND key = $2',
    [brand, PLUGINS_DISABLED_KEY],
  )
  return rows[0]?.value
}

const as = async (email: string, password: string) => {
  const { cookie } = await signIn(server.app, email, password)
  return consoleClient(server.app, cookie!)
}
const cab2cTeam = () => as('brand.cab2c@brewco.example', 'Switch1234')
const usb2cTeam = () => as('brand.usb2c@brewco.example', 'Switch1234')
const admin = () => as('admin@brewco.example', 'Admin1234')

describe('every plugin described', () => {
  it('names each plugin with what it shows, its owner, what it requires and where a law needs it', async () => {
    const page = await (await cab2cTeam()).formOf('/console/brands/cab2c')
    expect(page.html).toContain('Cookie consent <code>consent</code>')
    expect(page.html).toContain('The search box and its suggestion flyout')
    expect(page.html).toContain('Privacy and legal team')
    expect(page.html).toContain('Required here:')
    expect(page.html).toContain('Canada’s privacy and cookie notices')
    // usb2c needs consent too, but not Canada's notices.
    const us = await (await usb2cTeam()).formOf('/console/brands/usb2c')
    expect(us.html).toContain('Required here:')
    expect(us.html).not.toContain('Canada’s privacy')
  })
})

describe('a change that switches off a plugin a brand needs', () => {
  it('is refused for a brand team, naming the plugin and why; nothing is saved', async () => {
    const client = await usb2cTeam()
    const page = await client.formOf('/console/brands/usb2c')
    const before = await live('usb2c')
    const res = await client.post('/console/brands/usb2c', {
      csrf: page.csrf,
      basedOn: page.basedOn,
      reason: 'A quieter header',
      on: without('consent', 'nav', 'search', 'auth', 'content'),
    })
    expect(res.status).toBe(403)
    const html = await res.text()
    expect(html).toContain('consent is needed on this brand (EN)')
    expect(html).toContain('ask an admin')
    expect(await live('usb2c')).toBe(before)
    // Its review says so before, and offers no save.
    const review = await client.post('/console/brands/usb2c/review', {
      csrf: page.csrf,
      basedOn: page.basedOn,
      reason: 'A quieter header',
      on: without('consent'),
    })
    expect(review.status).toBe(200)
    const reviewed = await review.text()
    expect(reviewed).toContain('A brand team cannot save this; an admin decides.')
    expect(reviewed).not.toContain('Save as version')
  })

  it('asks an admin for a second confirmation with a reason, which the history keeps', async () => {
    const client = await admin()
    const page = await client.formOf('/console/brands/usafh')
    const fields = {
      csrf: page.csrf,
      basedOn: page.basedOn,
      reason: 'Banner vendor outage',
      on: without('consent'),
    }
    const first = await client.post('/console/brands/usafh', fields)
    expect(first.status).toBe(400)
    const html = await first.text()
    expect(html).toContain('Second confirmation (admin)')
    expect(html).toContain('name="confirmReason"')
    expect(await live('usafh')).not.toContain('consent')
    // A tick without a reason is not a confirmation.
    const noReason = await client.post('/console/brands/usafh', {
      ...fields,
      confirm: 'yes',
      confirmReason: ' ',
    })
    expect(noReason.status).toBe(400)
    const saved = await client.post('/console/brands/usafh', {
      ...fields,
      confirm: 'yes',
      confirmReason: 'Legal agreed for one hour, ticket LEG-12',
    })
    expect(saved.status).toBe(303)
    expect(await live('usafh')).toBe('consent')
    const { versions } = await configHistory(server.db, 'usafh', PLUGINS_DISABLED_KEY)
    expect(versions[0]!.reason).toBe(
      'Banner vendor outage (confirmed by an admin although consent is needed here: Legal agreed for one hour, ticket LEG-12)',
    )
    // Putting back a version without consent asks again.
    const restore = await client.post('/console/brands/usafh/restore', {
      csrf: page.csrf,
      basedOn: String(versions[0]!.version),
      version: String(versions[0]!.version),
      reason: 'Again',
    })
    expect(restore.status).toBe(400)
    expect(await restore.text()).toContain('Second confirmation (admin)')
  })
})

describe('a change says what it does before it is saved', () => {
  it('shows the switches turning off, the slots, calls and cookie banner that go, and a preview; saves nothing', async () => {
    const client = await admin()
    const page = await client.formOf('/console/brands/cab2c')
    const before = await live('cab2c')
    const res = await client.post('/console/brands/cab2c/review', {
      csrf: page.csrf,
      basedOn: page.basedOn,
      reason: 'Try without search',
      on: without('search', 'consent'),
    })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<strong>on → off</strong>')
    expect(html).toContain('<code>header.search</code>')
    expect(html).toContain('<code>products/searchsuggestions</code>')
    expect(html).toContain('The cookie banner disappears')
    // consent is needed on cab2c for two reasons, and is one plugin to confirm.
    expect(html).toContain('I confirm that consent may be switched off on cab2c</label>')
    expect(html).toContain('action="/console/brands/cab2c/preview"')
    expect(html).toContain(`Save as version ${Number(page.basedOn) + 1}`)
    expect(await live('cab2c')).toBe(before)
  })

  it('compares any two versions later, either way round', async () => {
    const client = await usb2cTeam()
    let page = await client.formOf('/console/brands/usb2c')
    const from = Number(page.basedOn)
    for (const [reason, on] of [
      ['Perks off', without('loyalty')],
      ['Perks and search off', without('loyalty', 'search')],
    ] as const) {
      const res = await client.post('/console/brands/usb2c', {
        csrf: page.csrf,
        basedOn: page.basedOn,
        reason,
        on,
      })
      expect(res.status).toBe(303)
      page = await client.formOf('/console/brands/usb2c')
    }
    expect(page.html).toContain(`compare?from=${from + 1}&amp;to=${from + 2}`)
    const forward = await (
      await client.get(`/console/brands/usb2c/compare?from=${from}&to=${from + 2}`)
    ).text()
    expect(forward).toContain('Perks and search off')
    expect(forward).toMatch(
      /Turns off:<\/strong> Search <code>search<\/code>, Loyalty \(perks\) <code>loyalty<\/code>/,
    )
    const back = await (await client.get(`/console/brands/usb2c/compare?from=${from + 2}&to=${from}`)).text()
    expect(back).toMatch(/Turns on:<\/strong> Search <code>search<\/code>, Loyalty/)
    expect((await client.get('/console/brands/usb2c/compare?from=1&to=999')).status).toBe(404)
  })
})

describe('switches per language', () => {
  const siteDisabled = async (brand: string, lang: string, headers: Record<string, string> = {}) => {
    const res = await server.app.request(
      `/rest/v2/${brand}/cms/siteConfig?lang=${lang}&pageLabelOrId=NAVIGATIONHEADER`,
      { headers },
    )
    return JSON.stringify(await res.json()).match(/"header\.plugins\.disabled","value":"([^"]*)"/)?.[1]
  }

  it('stores the plain list while the languages agree, and one list each only when they differ', () => {
    expect(encodeSwitches('cab2c', { en: ['loyalty'], fr: ['loyalty'] })).toBe('loyalty')
    expect(encodeSwitches('cab2c', { en: [], fr: ['loyalty'] })).toBe('{"en":"","fr":"loyalty"}')
    expect(encodeSwitches('usb2c', { en: ['nav'] })).toBe('nav')
    // A value stored before switches were per language is every language's.
    expect(readSwitches('cab2c', 'loyalty,nav')).toEqual({ en: ['loyalty', 'nav'], fr: ['loyalty', 'nav'] })
    expect(readSwitches('cab2c', '{"en":"","fr":"loyalty"}')).toEqual({ en: [], fr: ['loyalty'] })
    expect(disabledForLang('{"en":"","fr":"loyalty"}', 'fr')).toBe('loyalty')
    expect(disabledForLang('{"en":"","fr":"loyalty"}', 'en')).toBe('')
    expect(disabledForLang('loyalty', 'fr')).toBe('loyalty')
    // A broken object switches nothing off rather than take the header down.
    expect(disabledForLang('{"en":', 'en')).toBe('')
  })

  it('lets cab2c switch a plugin off in French only: each language’s pages read their own switch', async () => {
    const client = await cab2cTeam()
    const page = await client.formOf('/console/brands/cab2c')
    expect(page.html).toContain('name="on.fr"')
    const res = await client.post('/console/brands/cab2c', {
      csrf: page.csrf,
      basedOn: page.basedOn,
      reason: 'Perks tried in English first',
      perLang: 'yes',
      'on.en': EVERY,
      'on.fr': without('loyalty'),
    })
    expect(res.status).toBe(303)
    expect(await live('cab2c')).toBe('{"en":"","fr":"loyalty"}')
    expect(await siteDisabled('cab2c', 'fr')).toBe('loyalty')
    expect(await siteDisabled('cab2c', 'en')).toBe('')
    const after = await client.formOf('/console/brands/cab2c')
    expect(after.html).toContain(
      'id="on-en-loyalty" name="on.en" value="loyalty" aria-label="Loyalty (perks) on the EN store" checked',
    )
    expect(after.html).toMatch(
      /id="on-fr-loyalty" name="on.fr" value="loyalty" aria-label="Loyalty \(perks\) on the FR store">/,
    )
    expect(after.html).toContain('EN: none; FR: loyalty')
    // The review of putting it back on in French says so for the FR store only.
    const review = await client.post('/console/brands/cab2c/review', {
      csrf: after.csrf,
      basedOn: after.basedOn,
      reason: 'x',
      perLang: 'yes',
      'on.en': EVERY,
      'on.fr': EVERY,
    })
    const html = await review.text()
    expect(html).toContain('<h3>FR store</h3>')
    expect(html).not.toContain('<h3>EN store</h3>')
  })

  it('reads a value stored before the switches were per language (a plain list) as every language’s', async () => {
    const client = await cab2cTeam()
    const page = await client.formOf('/console/brands/cab2c')
    // A form of before: one set of switches, no per-language ones.
    const res = await client.post('/console/brands/cab2c', {
      csrf: page.csrf,
      basedOn: page.basedOn,
      reason: 'Perks off everywhere',
      on: without('loyalty'),
    })
    expect(res.status).toBe(303)
    expect(await live('cab2c')).toBe('loyalty')
    expect(await siteDisabled('cab2c', 'en')).toBe('loyalty')
    expect(await siteDisabled('cab2c', 'fr')).toBe('loyalty')
    const after = await client.formOf('/console/brands/cab2c')
    expect(after.html).not.toMatch(/name="on\.(en|fr)" value="loyalty" aria-label="[^"]*" checked/)
  })

  it('shows a one-language brand one switch each, and previews only its own language', async () => {
    const client = await usb2cTeam()
    const page = await client.formOf('/console/brands/usb2c')
    expect(page.html).not.toContain('FR store')
    expect(page.html).not.toContain('value="fr"')
    expect(page.html).not.toContain('name="on.en"')
    const res = await client.post('/console/brands/usb2c/preview', {
      csrf: page.csrf,
      basedOn: page.basedOn,
      on: EVERY,
      lang: 'fr',
    })
    expect(new URL(res.headers.get('location')!).searchParams.get('to')).toBe('/')
  })
})

describe('a preview on the store', () => {
  const CA = 'http://cab2c.ca.localhost'
  /** A cab2c team's preview of the switches without search, taken by a browser: its cookie. */
  const takePreview = async () => {
    const client = await cab2cTeam()
    const page = await client.formOf('/console/brands/cab2c')
    const res = await client.post('/console/brands/cab2c/preview', {
      csrf: page.csrf,
      basedOn: page.basedOn,
      perLang: 'yes',
      'on.en': without('search'),
      'on.fr': without('search'),
      lang: 'fr',
    })
    const link = new URL(res.headers.get('location')!)
    const taken = await server.app.request(`${CA}${link.pathname}${link.search}`)
    return { cookie: taken.headers.getSetCookie()[0]!.split(';')[0]!, version: page.basedOn }
  }

  it('names the version previewed on a ribbon with the way out, on pages no shared cache keeps', async () => {
    const { cookie, version } = await takePreview()
    const res = await server.app.request(`${CA}/fr/accueil?x=1`, { headers: { cookie } })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const html = await res.text()
    expect(html).toContain('data-preview-ribbon')
    expect(html).toContain(`<span lang="en">a change to version ${version}, not saved</span>`)
    expect(html).toContain('href="/preview/plugins/end?to=%2Ffr%2Faccueil%3Fx%3D1">Terminer l’aperçu</a>')
    const config = await server.app.request(
      `${CA}/rest/v2/cab2c/cms/siteConfig?lang=fr&pageLabelOrId=NAVIGATIONHEADER`,
      { headers: { cookie } },
    )
    expect(config.headers.get('cache-control')).toBe('private, no-store')
    expect(await config.text()).toContain('{"key":"header.plugins.disabled","value":"search"}')
    // The way out ends it and goes back to the page, on this store only.
    const end = await server.app.request(`${CA}/preview/plugins/end?to=%2Ffr%2Faccueil%3Fx%3D1`, {
      headers: { cookie },
    })
    expect(end.headers.get('location')).toBe('/fr/accueil?x=1')
    expect(end.headers.getSetCookie()[0]).toMatch(/^oh_plugin_preview=;.*Max-Age=0/)
    for (const away of ['//evil.example/x', '/\\evil.example', 'https://evil.example'])
      expect(
        (await server.app.request(`${CA}/preview/plugins/end?to=${encodeURIComponent(away)}`)).headers.get(
          'location',
        ),
      ).toBe('/')
  })

  it('never reaches another visitor, nor another brand’s store, nor an ended preview', async () => {
    const { cookie } = await takePreview()
    // Seen first by the previewing browser, then by everyone else: nothing of it is kept for them.
    await server.app.request(`${CA}/fr/accueil`, { headers: { cookie } })
    const other = await server.app.request(`${CA}/fr/accueil`)
    expect(other.headers.get('cache-control')).toBe('no-cache')
    expect(await other.text()).not.toContain('data-preview-ribbon')
    const otherConfig = await server.app.request(
      `${CA}/rest/v2/cab2c/cms/siteConfig?lang=fr&pageLabelOrId=NAVIGATIONHEADER`,
    )
    expect(await otherConfig.text()).not.toContain('"value":"search"')
    // The ticket is cab2c's: the US store ignores it.
    const us = await server.app.request('http://localhost/', { headers: { cookie } })
    expect(await us.text()).not.toContain('data-preview-ribbon')
    // A ticket past its 30 minutes is nobody's preview.
    await server.db.query('UPDATE plugin_previews SET expires_at_ms = 0')
    const expired = await server.app.request(`${CA}/fr/accueil`, { headers: { cookie } })
    expect(await expired.text()).not.toContain('data-preview-ribbon')
  })
})

describe('a change scheduled for a time', () => {
  const entries = (atMs: number) => [
    { key: PLUGINS_DISABLED_KEY, value: '' },
    {
      key: SCHEDULED_KEY,
      value: JSON.stringify({ value: 'loyalty', atMs, basedOn: 1, by: 'x', reason: 'y' }),
    },
  ]

  it('is served by every server from its time on, by its own clock, and never shown to the header', () => {
    expect(pageSwitches(entries(1000), 'en', undefined, 999)).toEqual([
      { key: PLUGINS_DISABLED_KEY, value: '' },
    ])
    expect(pageSwitches(entries(1000), 'en', undefined, 1000)).toEqual([
      { key: PLUGINS_DISABLED_KEY, value: 'loyalty' },
    ])
  })

  it('is pending until its time, blocks other saves, then applies on two servers at once and is written down once', async () => {
    const client = await usb2cTeam()
    const page = await client.formOf('/console/brands/usb2c')
    const before = await live('usb2c')
    const atMs = Math.ceil((Date.now() + 10 * 60_000) / 60_000) * 60_000
    const at = new Date(atMs).toISOString().slice(0, 16)
    const fields = { csrf: page.csrf, basedOn: page.basedOn, reason: 'Perks back on Monday', on: EVERY }
    const soon = await client.post('/console/brands/usb2c/schedule', {
      ...fields,
      at: new Date(Date.now() + 30_000).toISOString().slice(0, 16),
    })
    expect(soon.status).toBe(400)
    expect((await client.post('/console/brands/usb2c/schedule', { ...fields, at })).status).toBe(303)
    const pending = await client.formOf('/console/brands/usb2c')
    expect(pending.html).toContain('Pending: a change scheduled for')
    expect(pending.html).toContain('Perks back on Monday')
    expect(await live('usb2c')).toBe(before)
    const siteConfig = async (app: typeof server.app) =>
      (await app.request('/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER')).text()
    expect(await siteConfig(server.app)).not.toContain(SCHEDULED_KEY)
    expect(await siteConfig(server.app)).toContain(`"header.plugins.disabled","value":"${before}"`)
    // Another change waits for it (or its cancellation).
    const blocked = await client.post('/console/brands/usb2c', fields)
    expect(blocked.status).toBe(409)
    expect(await blocked.text()).toContain('A change is scheduled')

    // A second server on the same database, its cache warm from before the time.
    const other = createApp({ store: server.db, log: false })
    await siteConfig(other)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(atMs + 1000)
      const [a, b] = await Promise.all([siteConfig(server.app), siteConfig(other)])
      expect(a).toContain('"header.plugins.disabled","value":""')
      expect(b).toContain('"header.plugins.disabled","value":""')
    } finally {
      vi.useRealTimers()
    }
    expect(await live('usb2c')).toBe('')
    const { versions } = await configHistory(server.db, 'usb2c', PLUGINS_DISABLED_KEY)
    expect(versions[0]!.version).toBe(Number(page.basedOn) + 1)
    expect(versions[0]!.reason).toBe(`Scheduled for ${at.replace('T', ' ')} UTC: Perks back on Monday`)
    expect(versions[1]!.version).toBe(Number(page.basedOn))
    expect((await client.formOf('/console/brands/usb2c')).html).not.toContain('Pending:')
  })

  it('can be cancelled, leaving nothing of it', async () => {
    const client = await usb2cTeam()
    const page = await client.formOf('/console/brands/usb2c')
    const at = new Date(Date.now() + 60 * 60_000).toISOString().slice(0, 16)
    const fields = { csrf: page.csrf, basedOn: page.basedOn, reason: 'Maybe later', on: without('nav') }
    expect((await client.post('/console/brands/usb2c/schedule', { ...fields, at })).status).toBe(303)
    expect((await client.post('/console/brands/usb2c/schedule/cancel', { csrf: page.csrf })).status).toBe(303)
    const after = await client.formOf('/console/brands/usb2c')
    expect(after.html).not.toContain('Pending:')
    expect(after.basedOn).toBe(page.basedOn)
    expect((await client.post('/console/brands/usb2c', { ...fields, reason: 'Now' })).status).toBe(303)
  })
})

describe('a gradual roll-out', () => {
  it('puts a visitor in by a hash of their key: the same everywhere, about the share asked, and a raise only adds', () => {
    const keys = Array.from({ length: 10_000 }, (_, i) => `visitor-key-${i.toString().padStart(6, '0')}`)
    const rollout = { id: 'r1', value: 'loyalty', percent: 10, basedOn: 1, by: 'x', reason: 'y' }
    const inTen = keys.filter((k) => inRollout(rollout, k))
    expect(inTen.length).toBeGreaterThan(900)
    expect(inTen.length).toBeLessThan(1100)
    expect(keys.filter((k) => inRollout(rollout, k))).toEqual(inTen)
    const inFifty = new Set(keys.filter((k) => inRollout({ ...rollout, percent: 50 }, k)))
    expect(inTen.every((k) => inFifty.has(k))).toBe(true)
    expect(inRollout(rollout, undefined)).toBe(false)
  })

  it('serves 10 % of visitors the change, each the same on every call and server; raised, rolled back, completed', async () => {
    const client = await admin()
    let page = await client.formOf('/console/brands/usafh')
    const before = await live('usafh')
    const fields = {
      csrf: page.csrf,
      basedOn: page.basedOn,
      reason: 'Try without search',
      on: without('search'),
    }
    expect((await client.post('/console/brands/usafh/rollout', { ...fields, percent: '0' })).status).toBe(400)
    expect((await client.post('/console/brands/usafh/rollout', { ...fields, percent: '10' })).status).toBe(
      303,
    )
    page = await client.formOf('/console/brands/usafh')
    expect(page.html).toContain('Roll-out: 10 % of visitors')
    expect(await live('usafh')).toBe(before)
    expect((await client.post('/console/brands/usafh', fields)).status).toBe(409)

    const other = createApp({ store: server.db, log: false })
    const US = 'http://commercial.localhost'
    const answer = async (app: typeof server.app, key: string) => {
      const res = await app.request(
        `${US}/rest/v2/usafh/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER`,
        {
          headers: { cookie: `${VISITOR_COOKIE}=${key}` },
        },
      )
      // While it runs the answer differs per visitor: no shared cache keeps it.
      if (await currentRollout(server.db, 'usafh'))
        expect(res.headers.get('cache-control')).toBe('private, no-cache')
      return /"header\.plugins\.disabled","value":"([^"]*)"/.exec(await res.text())?.[1]
    }
    const rollout = (await currentRollout(server.db, 'usafh'))!
    const keys = Array.from({ length: 60 }, (_, i) => `a-visitor-of-usafh-${i}`)
    const got = await Promise.all(
      keys.map(async (k) => [await answer(server.app, k), await answer(other, k)]),
    )
    got.forEach(([a, b], i) => {
      expect(a).toBe(b)
      expect(a).toBe(inRollout(rollout, keys[i]) ? 'search' : before)
    })
    // A new visitor's first page gives them their key, and differs per visitor: no shared cache keeps it.
    const first = await server.app.request(`${US}/`)
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    expect(
      first.headers.getSetCookie().some((c) => c.startsWith(`${VISITOR_COOKIE}=`) && /HttpOnly/.test(c)),
    ).toBe(true)

    // Raised to 50 %: everyone who had it keeps it.
    const hadIt = keys.filter((k) => inRollout(rollout, k))
    expect(
      (await client.post('/console/brands/usafh/rollout/percent', { csrf: page.csrf, percent: '50' })).status,
    ).toBe(303)
    for (const k of hadIt) expect(await answer(server.app, k)).toBe('search')
    // Rolled back at once: nobody has it.
    expect((await client.post('/console/brands/usafh/rollout/end', { csrf: page.csrf })).status).toBe(303)
    for (const k of hadIt) expect(await answer(server.app, k)).toBe(before)
    expect(await live('usafh')).toBe(before)

    // Started again and completed: every visitor has it, as the next version.
    expect((await client.post('/console/brands/usafh/rollout', { ...fields, percent: '10' })).status).toBe(
      303,
    )
    const done = await client.post('/console/brands/usafh/rollout/end', { csrf: page.csrf, complete: 'yes' })
    expect(done.headers.get('location')).toBe(`/console/brands/usafh?saved=${Number(page.basedOn) + 1}`)
    expect(await live('usafh')).toBe('search')
    const { versions } = await configHistory(server.db, 'usafh', PLUGINS_DISABLED_KEY)
    expect(versions[0]!.reason).toBe(
      'Roll-out completed from 10 % (admin@brewco.example): Try without search',
    )
  })
})
