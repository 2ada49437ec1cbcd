// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRANDS, type Brand } from '../../site/brand'
import { CORRELATION_ID_PATTERN } from '../../site/correlationId'
import { createApp } from '../app'
import { SERVER_BRANDS } from '../brands'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import { HIDDEN_INPUT_IDS } from './hiddenInputs'
import { BUNDLE_MISSING_NOTE } from './renderHostPage'

/** Every route of the route table (header spec §2) in both languages. */
const EN_ROUTES = [
  '/',
  '/search?text=cold+brew',
  '/login',
  '/logout',
  '/my-account',
  '/my-account?dashboard=1',
  '/my-account/profile',
  '/my-account/orders',
  '/my-account/orders?orders=1',
  '/my-account/loyalty',
  '/my-account/payment-address',
  '/my-account/my-replenishment',
  '/new/my-account/my-replenishment',
  '/my-account/order/100234',
  '/checkout/orderConfirmation/100234',
  '/replenishment/view-or-edit/9001',
  '/cart',
  '/productcompare/compare-product',
  '/brewer-registration',
  '/appliances/register-brewer',
  '/appliances/register-brewer/thank-you',
  '/brewco-starter-kit',
  '/coffee-auto-delivery',
  '/lp/smart-family',
  '/small-business-bundle',
  '/content/contact-us',
  '/content/terms-and-conditions',
  '/quiz',
  '/coffeemakerquiz',
  '/coffeemakerquiz/results',
  '/sustainability',
  '/deals',
  '/discontinued-items',
  '/loyalty-program-terms-conditions',
  '/terms-conditions',
  '/brewco-rewards-program',
  '/loyalty/rewardsHistory',
  '/membership/point-history',
  '/loyalty/rewards',
  '/membership/rewards-catalog',
  '/c/coffee',
  '/p/dark-roast-k-cup',
  '/b/brewco',
  '/recipes',
  '/recipes/iced-coffee/vanilla-cold-brew',
  '/hub/sustainability/recyclable-pods',
]
const FR_ROUTES = [
  '/fr/accueil',
  '/fr/recherche?text=infusion',
  '/fr/login',
  '/fr/logout',
  '/fr/my-account',
  '/fr/my-account/orders',
  '/fr/my-account/order/100234',
  '/fr/cart',
  '/fr/appliances/enregistrez-votre-cafetiere',
  '/fr/appliances/register-brewer/merci',
  '/fr/trousse-de-demarrage-brewco',
  '/fr/content/contact-us',
  '/fr/quiz',
  '/fr/developpement-durable',
  '/fr/offres-brewco',
  '/fr/article-de-fin-de-serie',
  '/fr/termes-conditions-programme-fidelite',
  '/fr/conditions-utilisation',
  '/fr/programme-fidelite-brewco',
  '/fr/c/coffee',
  '/fr/p/dark-roast-k-cup',
  '/fr/recettes',
  '/fr/recettes/cafe-glace/infusion-froide-vanille',
  '/fr/hub/developpement-durable/capsules-recyclables',
]

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false, distDir: '/nonexistent/dist' })
})
afterAll(() => server.close())

const hostOf = (brand: Brand) => `${SERVER_BRANDS[brand].devHost}:4200`
const open = (brand: Brand, path: string, headers: Record<string, string> = {}) =>
  server.app.request(path, { headers: { host: hostOf(brand), ...headers } })

const h1 = (html: string) => /<h1>(.*?)<\/h1>/s.exec(html)?.[1]
const inputs = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" id="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  )

describe.each(BRANDS)('host pages of %s', (brand) => {
  it.each([...EN_ROUTES, ...FR_ROUTES])('%s', async (path) => {
    const res = await open(brand, path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    const html = await res.text()
    const fr = path.startsWith('/fr')
    expect(html).toContain(`<html lang="${fr ? 'fr-CA' : 'en'}">`)
    expect(html).toMatch(new RegExp(`<title>[^<]+ \\| ${SERVER_BRANDS[brand].displayName}</title>`))
    expect(html).toContain(`<div id="oneHeaderContainer" data-brand="${brand}"`)
    expect(html).toContain('<main id="main-content"')
    expect(h1(html)).toBeTruthy()
    expect(html).toMatch(/<body data-page="(?!other")/)
    const values = inputs(html)
    for (const id of HIDDEN_INPUT_IDS) expect(values[id], id).toBeTruthy()
    expect(values.brand).toBe(brand)
    expect(values.baseUrl).toBe(`http://${hostOf(brand)}`)
  })
})

describe('host page content', () => {
  it('names the page in the heading, in the page language', async () => {
    const heading = async (path: string) => h1(await (await open('cab2c', path)).text())
    expect(await heading('/')).toBe('Home')
    expect(await heading('/fr/accueil')).toBe('Accueil')
    expect(await heading('/my-account/orders')).toBe('My orders')
    expect(await heading('/fr/my-account/orders')).toBe('Mes commandes')
    expect(await heading('/c/dark-roast')).toBe('Category: Dark roast')
    expect(await heading('/search?text=cold+brew')).toBe('Search results for “cold brew”')
  })

  it('escapes everything taken from the address', async () => {
    const html = await (await open('usb2c', '/search?text=<script>alert(1)</script>')).text()
    expect(h1(html)).toBe('Search results for “&lt;script&gt;alert(1)&lt;/script&gt;”')
    expect(html).not.toContain('<script>alert(1)')
    const odd = await (await open('usb2c', '/c/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E')).text()
    expect(odd).not.toMatch(/<img/)
    const host = await (await open('usb2c', '/', { host: 'evil"><script>x</script>' })).text()
    expect(host).not.toContain('<script>x')
  })

  it('builds its redirect addresses and authDomain only from a host it serves', async () => {
    const values = inputs(await (await open('usb2c', '/cart', { host: 'evil.example' })).text())
    expect(JSON.stringify(values)).not.toContain('evil')
    expect(values.authDomain).toBe('localhost:4200')
  })

  it('keeps the brand of an untrusted host name in every input and preload, and says so once per name', async () => {
    const warnings: string[] = []
    const dist = mkdtempSync(join(tmpdir(), 'one-header-dist-'))
    mkdirSync(join(dist, '.vite'))
    const manifest = { 'host/main.tsx': { file: 'assets/main-a1.js', imports: [], isEntry: true } }
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
    const app = createApp({ store: server.db, log: false, distDir: dist, warn: (l) => warnings.push(l) })
    const page = async (host: string, path = '/') => (await app.request(path, { headers: { host } })).text()
    const html = await page('cab2c.ca.example:4200')
    expect(inputs(html).brand).toBe('cab2c')
    // The start-up calls the page asks for once its first frame is painted (its entry starter).
    const preloads = [...html.matchAll(/"(\/rest\/v2\/[^"]+)"/g)].map((m) => m[1]!)
    expect(preloads.length).toBeGreaterThan(2)
    for (const href of preloads) expect(href).toMatch(/^\/rest\/v2\/cab2c\//)
    expect(html).not.toContain('usb2c')
    // Trust still decides the absolute addresses.
    expect(inputs(html).redirectUri).toBe('http://localhost:4200/')
    await page('cab2c.ca.example:4200', '/cart')
    await page('commercial.example:4200')
    await page('cab2c.ca.localhost:4200')
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toMatch(/untrusted host name 'cab2c\.ca\.example:4200'.*PUBLIC_HOSTS/)
    expect(warnings[1]).toContain("'commercial.example:4200'")
    rmSync(dist, { recursive: true, force: true })
  })

  it('carries the auth settings of the brand site configuration', async () => {
    const values = inputs(await (await open('usafh', '/cart')).text())
    expect(values.authAudience).toBe('https://api.brewco.example/usafh')
    expect(values.authClientId).toBe(SERVER_BRANDS.usafh.auth.clientId)
    expect(values.authScope).toBe('openid profile email offline_access')
    expect(values.redirectUriFr).toBe('http://commercial.localhost:4200/fr/accueil')
  })

  it('gives recipe and hub pages the opposite-language slugs', async () => {
    const en = inputs(await (await open('cab2c', '/recipes/iced-coffee/vanilla-cold-brew')).text())
    expect([en.oppositeLanguageCategory, en.oppositeLanguageTitle]).toEqual([
      'cafe-glace',
      'infusion-froide-vanille',
    ])
    const fr = inputs(
      await (await open('cab2c', '/fr/hub/developpement-durable/capsules-recyclables')).text(),
    )
    expect([fr.oppositeLanguageCategory, fr.oppositeLanguageTitle]).toEqual([
      'sustainability',
      'recyclable-pods',
    ])
    const other = inputs(await (await open('cab2c', '/cart')).text())
    expect(other.oppositeLanguageCategory).toBeUndefined()
  })

  it('answers an unknown recipe with a 404 host page', async () => {
    const res = await open('cab2c', '/fr/recettes/cafe-glace/inconnue')
    expect(res.status).toBe(404)
    const html = await res.text()
    expect(h1(html)).toBe('Recette introuvable')
    expect(html).toContain('id="oneHeaderContainer"')
    expect(inputs(html).oppositeLanguageTitle).toBeUndefined()
  })

  it('reserves the header height per brand and CMS rows, with a media query, and notes a missing bundle', async () => {
    const reserved = (mobile: number, desktop: number) =>
      `#oneHeaderContainer{min-height:${mobile}px}@media (min-width:992px){#oneHeaderContainer{min-height:${desktop}px}}`
    // app eyebrow 52 (phones) + notification 40 + utility 32 + main 80 (56 on phones) + the categories
    // 44 (desktop) + promo 36; no
    // navigation row on phones (the categories are in the phone menu)
    expect(await (await open('usb2c', '/cart')).text()).toContain(reserved(216, 232))
    // usafh's main row is 85 px (header spec §9); the business store has no app banner
    expect(await (await open('usafh', '/cart')).text()).toContain(reserved(164, 237))
    // the reduced brewer-registration header has no navigation row, no promo and no app banner
    expect(await (await open('usb2c', '/brewer-registration')).text()).toContain(reserved(128, 152))
    // the app webview shows only the notification
    expect(await (await open('usb2c', '/?webview=1')).text()).toContain(reserved(40, 40))
    // a shopper who dismissed the app banner gets no row for it
    expect(await (await open('usb2c', '/cart', { cookie: 'appBannerDismissed=true' })).text()).toContain(
      reserved(164, 232),
    )
    // …and tells the header which optional rows it reserved, so the header's first frame matches.
    expect(await (await open('usb2c', '/cart')).text()).toContain('data-rows="eyebrow notification promo">')
    expect(await (await open('usafh', '/cart')).text()).toContain('data-rows="notification promo">')
    expect(await (await open('usb2c', '/?webview=1')).text()).toContain('data-webview="true"')
    const html = await (await open('usb2c', '/')).text()
    expect(html).toContain(BUNDLE_MISSING_NOTE)
    expect(html).not.toContain('<script')
  })

  it('links the built header entry, its static imports and CSS from the Vite manifest', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'one-header-dist-'))
    try {
      mkdirSync(join(dist, '.vite'))
      const manifest = {
        'host/main.tsx': {
          file: 'assets/main-a1.js',
          css: ['assets/main-a1.css'],
          imports: ['_shared.js'],
          isEntry: true,
        },
        '_shared.js': { file: 'assets/shared-b2.js', css: ['assets/shared-b2.css'] },
        'plugins/nav/index.ts': {
          file: 'assets/nav-c3.js',
          isDynamicEntry: true,
          css: ['assets/nav-c3.css'],
          imports: ['plugins/nav/firstView.tsx'],
        },
        // The first views' styles block the first paint with the entry's; a panel's do not.
        'plugins/nav/firstView.tsx': {
          file: 'assets/firstView-e5.js',
          isDynamicEntry: true,
          css: ['assets/firstView-e5.css'],
          imports: ['_navBar.js'],
        },
        '_navBar.js': { file: 'assets/navBar-f6.js', css: ['assets/navBar-f6.css'] },
        'plugins/nav/panels/FlyoutPanel.tsx': {
          file: 'assets/FlyoutPanel-g7.js',
          isDynamicEntry: true,
          css: ['assets/FlyoutPanel-g7.css'],
        },
      }
      writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
      mkdirSync(join(dist, 'assets'))
      for (const sheet of ['main-a1', 'shared-b2', 'firstView-e5', 'navBar-f6', 'nav-c3', 'FlyoutPanel-g7']) {
        writeFileSync(join(dist, 'assets', `${sheet}.css`), `.${sheet.replace(/-/g, '_')}{color:red}`)
      }
      // Each brand's plugins, as the build lists them from host/brands (vite.config.ts).
      writeFileSync(
        join(dist, '.vite', 'brands.json'),
        JSON.stringify({ usb2c: ['logging', 'nav'], cab2c: ['logging'] }),
      )
      // A first view served (any will do here): the first views' stylesheets block its first paint.
      const firstViewRenderer = () => ({ chars: 0, finish: () => '<div data-first-view="">served</div>' })
      const app = createApp({ store: server.db, distDir: dist, log: false, firstViewRenderer })
      const html = await (await app.request('/', { headers: { host: 'localhost:4200' } })).text()
      // The entry is fetched and compiled at once, and started once the first frame is painted.
      expect(html).toContain('<link rel="modulepreload" href="/assets/main-a1.js">')
      expect(html).toMatch(
        /<script>\(function\(d,src,fetches,later\)[^<]*\(document,"\/assets\/main-a1\.js",/,
      )
      // The first paint's styles are in the page, each sheet named by a link the browser leaves alone.
      const styles = /<style data-one-header-css>([^<]*)<\/style>/.exec(html)?.[1]
      expect(styles?.split('\n')).toEqual([
        '.main_a1{color:red}',
        '.shared_b2{color:red}',
        '.firstView_e5{color:red}',
        '.navBar_f6{color:red}',
      ])
      expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual(
        ['main-a1', 'shared-b2', 'firstView-e5', 'navBar-f6'].map(
          (sheet) => `<link rel="stylesheet" href="/assets/${sheet}.css" disabled>`,
        ),
      )
      expect(html).toContain('<link rel="modulepreload" href="/assets/shared-b2.js">')
      expect(html).not.toContain('FlyoutPanel_g7')
      expect(html).not.toContain('nav_c3')
      expect(html).not.toContain('href="/assets/firstView-e5.js"')
      // A brand that does not run the navigation does not wait for its first view's styles.
      const canadian = await (await app.request('/', { headers: { host: 'cab2c.ca.localhost:4200' } })).text()
      expect(canadian).toContain('.main_a1{color:red}')
      expect(canadian).not.toContain('firstView_e5')
      // The brand's enabled plugin is listed for the entry to fetch once the frame is painted
      // (preloadHints.ts, preloadAfterPaint.ts); it is neither in the head nor a static import.
      expect(html).toMatch(/<div id="oneHeaderContainer"[^>]* data-preload="[^"]*\/assets\/nav-c3\.js[^"]*"/)
      expect(html).not.toContain('href="/assets/nav-c3.js"')
      expect(html).not.toContain('<script type="module" src="/assets/nav-c3.js">')
      expect(html).not.toContain(BUNDLE_MISSING_NOTE)
    } finally {
      rmSync(dist, { recursive: true, force: true })
    }
  })

  it('puts the first paint’s styles in the head, asks the network for nothing but the entry’s code before the first paint, and runs no script between the styles and the header', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'one-header-dist-'))
    try {
      mkdirSync(join(dist, '.vite'))
      // As the build makes it (vite.config.ts): the first paint's styles in one chunk the entry imports.
      const manifest = {
        'host/main.tsx': {
          file: 'assets/main-a1.js',
          imports: ['_shared-firstPaint.js'],
          dynamicImports: ['host/startHeader.tsx'],
          isEntry: true,
        },
        '_shared-firstPaint.js': {
          file: 'assets/shared-firstPaint-b2.js',
          css: ['assets/firstPaint-b2.css'],
        },
        'host/startHeader.tsx': { file: 'assets/startHeader-c3.js', imports: ['_shared-firstPaint.js'] },
      }
      writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
      mkdirSync(join(dist, 'assets'))
      // A sheet that says `</style>` (in a comment here) cannot end the page's style element early.
      writeFileSync(
        join(dist, 'assets', 'firstPaint-b2.css'),
        '.a{color:red}/*</style><script>x()</script>*/',
      )
      const firstViewRenderer = () => ({ chars: 0, finish: () => '<div data-first-view="">served</div>' })
      const app = createApp({ store: server.db, distDir: dist, log: false, firstViewRenderer })
      const html = await (await app.request('/c/coffee', { headers: { host: 'localhost:4200' } })).text()
      const head = html.slice(0, html.indexOf('</head>'))
      expect(head).toContain(
        '<style data-one-header-css>.a{color:red}/*<\\/style><script>x()</script>*/</style>',
      )
      // What the head asks the network for: the entry's code alone (fetched and compiled, started
      // after the first paint). The start-up calls and chunk are asked for by the starter, then.
      const requests = [...head.matchAll(/<(?:link(?![^>]* disabled)[^>]* href|script[^>]* src)="([^"]+)"/g)]
        .map((m) => m[1] ?? '')
        .filter((href) => !href.startsWith('data:'))
      expect(requests).toEqual(['/assets/main-a1.js', '/assets/shared-firstPaint-b2.js'])
      expect(head).not.toContain('rel="preload"')
      const starter = /<script>(\(function\(d,src,fetches,later\)[^<]*)<\/script>/.exec(head)?.[1] ?? ''
      const args = /\}\)\(document,("[^"]*"),(\[[^\]]*\]),(\[[^\]]*\])\);$/.exec(starter)
      expect(JSON.parse(args?.[1] ?? 'null')).toBe('/assets/main-a1.js')
      const calls = JSON.parse(args?.[2] ?? '[]') as string[]
      expect(calls.length).toBeGreaterThan(2)
      for (const call of calls) expect(call).toMatch(/^\/rest\/v2\/usb2c\//)
      expect(JSON.parse(args?.[3] ?? '[]')).toEqual(['/assets/startHeader-c3.js'])
      // No script after the styles: a module would run as soon as the page is parsed, before the
      // first paint; the entry is started by the head's starter once the first frame is painted.
      const afterStyles = head.slice(head.indexOf('<style data-one-header-css>'))
      expect(afterStyles).not.toMatch(/<script(?!>x\(\))/)
      const beforeHeader = html.slice(html.indexOf('<body'), html.indexOf('<div id="oneHeaderContainer"'))
      expect(beforeHeader).not.toContain('<script')
      expect(beforeHeader).not.toContain('<link')
    } finally {
      rmSync(dist, { recursive: true, force: true })
    }
  })

  it('links the one stylesheet of a build without CSS code splitting (manifest style.css) when its text cannot be read', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'one-header-dist-'))
    try {
      mkdirSync(join(dist, '.vite'))
      const manifest = {
        'host/main.tsx': { file: 'assets/main-a1.js', imports: [], isEntry: true },
        'style.css': { file: 'assets/style-d4.css', src: 'style.css' },
      }
      writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
      const app = createApp({ store: server.db, distDir: dist, log: false })
      const html = await (await app.request('/', { headers: { host: 'localhost:4200' } })).text()
      expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
        '<link rel="stylesheet" href="/assets/style-d4.css">',
      ])
    } finally {
      rmSync(dist, { recursive: true, force: true })
    }
  })

  it('tells the header where to export telemetry when a collector is configured', async () => {
    const withCollector = createApp({ store: server.db, log: false, otlpEndpoint: 'https://otel.example/' })
    const html = await (await withCollector.request('/', { headers: { host: 'localhost:4200' } })).text()
    expect(html).toContain('<input type="hidden" id="otlpEndpoint" value="https://otel.example">')
    const plain = await (await open('usb2c', '/')).text()
    expect(plain).not.toContain('id="otlpEndpoint"')
  })

  it('tells the header which plugin switches it served, for the real-user measures', async () => {
    expect(inputs(await (await open('cab2c', '/')).text()).pluginsVersion).toBe('live')
  })

  it('compresses pages for browsers that accept it', async () => {
    const res = await open('usb2c', '/', { 'accept-encoding': 'gzip, deflate, br' })
    expect(res.headers.get('content-encoding')).toBe('gzip')
  })
})

/** The CORRELATION_ID cookie a response sets: its value and its attributes (lower-cased names). */
function correlationCookie(res: Response) {
  const cookies = res.headers.getSetCookie().filter((c) => c.startsWith('CORRELATION_ID='))
  expect(cookies.length).toBeLessThanOrEqual(1)
  const [pair, ...attributes] = (cookies[0] ?? '').split(/;\s*/)
  if (!pair) return undefined
  return {
    value: pair.slice('CORRELATION_ID='.length),
    attributes: attributes.map((a) => a.replace(/^[^=]+/, (name) => name.toLowerCase())).sort(),
  }
}

describe('one CMS cache for the host pages and the cms routes', () => {
  it('a page and the header content calls it preloads read the database once', async () => {
    const reads: string[] = []
    const counting = {
      ...server.db,
      query: ((sql: string, params?: readonly unknown[]) => {
        if (/FROM cms_slots s\s+LEFT JOIN cms_slot_components/.test(sql) && params?.[2] === 'oneHeader')
          reads.push(String(params[0]))
        return server.db.query(sql, params)
      }) as typeof server.db.query,
    }
    const app = createApp({ store: counting, log: false, distDir: '/nonexistent/dist' })
    const headers = { host: hostOf('usb2c') }
    expect((await app.request('/cart', { headers })).status).toBe(200)
    const call = await app.request('/rest/v2/usb2c/cms/pages?lang=en&pageLabelOrId=oneHeader', { headers })
    expect(call.status).toBe(200)
    expect((await app.request('/c/coffee', { headers })).status).toBe(200)
    expect(reads).toEqual(['usb2c'])
  })
})

describe('targeted rows (header spec §6)', () => {
  // A notification only repeat visitors get: the published one taken out of the slot, so the row
  // exists for KnownUser visitors alone and the page server must target as the header's calls are.
  let targeted: ReferenceServer
  beforeAll(async () => {
    targeted = await createServer({ ...(await testStore()), log: false, distDir: '/nonexistent/dist' })
    await targeted.db.query(
      `DELETE FROM cms_slot_components WHERE brand = 'usb2c' AND lang = 'en' AND component_uid = $1`,
      ['GlobalNotificationFreeShippingWeekend'],
    )
  })
  afterAll(() => targeted.close())
  const rowsOf = async (cookie?: string) => {
    const res = await targeted.app.request('/cart', {
      headers: { host: hostOf('usb2c'), ...(cookie ? { cookie } : {}) },
    })
    return /data-rows="([^"]*)"/.exec(await res.text())?.[1]
  }

  it('reserves a targeted row only for visitors whose stored segments it targets', async () => {
    expect(await rowsOf()).toBe('eyebrow promo')
    expect(await rowsOf('visitorSegments=UnknownUser~Purchaser')).toBe('eyebrow promo')
    expect(await rowsOf('visitorSegments=KnownUser')).toBe('eyebrow notification promo')
  })
})

describe('correlation cookie of a first visit (nav spec §9)', () => {
  it('sets CORRELATION_ID on a host page asked for without one: id format, Path=/, SameSite=Strict, not Secure on http', async () => {
    const res = await open('usb2c', '/')
    expect(res.status).toBe(200)
    const cookie = correlationCookie(res)
    expect(cookie?.value).toMatch(CORRELATION_ID_PATTERN)
    // Readable by the header (no HttpOnly), for the session only, like the header's own cookie.
    expect(cookie?.attributes).toEqual(['path=/', 'samesite=Strict'])
    // The page's request is echoed and logged under the id it has just handed out.
    expect(res.headers.get('x-correlation-id')).toBe(cookie?.value)
    // Every first visit gets an id of its own.
    const other = correlationCookie(await open('cab2c', '/fr/accueil'))
    expect(other?.value).toMatch(CORRELATION_ID_PATTERN)
    expect(other?.value).not.toBe(cookie?.value)
  })

  it('marks the cookie Secure on https', async () => {
    const res = await server.app.request('https://localhost/cart', { headers: { host: hostOf('usb2c') } })
    const cookie = correlationCookie(res)
    expect(cookie?.value).toMatch(CORRELATION_ID_PATTERN)
    expect(cookie?.attributes).toEqual(['path=/', 'samesite=Strict', 'secure'])
  })

  it('sets no new cookie when the request has a usable one, and logs the page under it', async () => {
    const lines: string[] = []
    const app = createApp({ store: server.db, distDir: '/nonexistent/dist', log: (l) => lines.push(l) })
    const id = '9d2c1e4f-0a1b-4c2d-8e3f-123456789abc-18f9a2b3c4d'
    const res = await app.request('/my-account', {
      headers: { host: hostOf('usafh'), cookie: `other=1; CORRELATION_ID=${id}` },
    })
    expect(res.status).toBe(200)
    expect(res.headers.getSetCookie()).toEqual([])
    expect(res.headers.get('x-correlation-id')).toBe(id)
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^GET /my-account 200 \\d+ms cid=${id}$`))])
  })

  it.each(['undefined', '', 'a b<c>', 'short', 'x'.repeat(101)])(
    'replaces an unusable cookie value (%j) with a new id',
    async (bad) => {
      const res = await open('usb2c', '/', { cookie: `CORRELATION_ID=${encodeURIComponent(bad)}` })
      const cookie = correlationCookie(res)
      expect(cookie?.value).toMatch(CORRELATION_ID_PATTERN)
      expect(cookie?.attributes).toEqual(['path=/', 'samesite=Strict'])
    },
  )

  it('sets the cookie on a 404 host page too, and never on an API answer', async () => {
    const missing = await open('cab2c', '/fr/recettes/cafe-glace/inconnue')
    expect(missing.status).toBe(404)
    expect(correlationCookie(missing)?.value).toMatch(CORRELATION_ID_PATTERN)
    const api = await open('usb2c', '/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER')
    expect(api.status).toBe(200)
    expect(api.headers.getSetCookie()).toEqual([])
  })
})
