// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RenderFirstView } from '../../contracts/firstView'
import { prepareFirstView, renderFirstView } from '../../host/firstView/firstViewHtml'
import { SERVER_BRANDS } from '../../server/brands'
import { createServer, type ReferenceServer } from '../../server/createServer'
import { testStore } from '../../server/db/testing/testStore'
import { CONSENT_POLICY_VERSION } from '../../server/fixtures/siteConfig'

/**
 * The page server with the header's own first-view renderer (contracts/firstView.ts): host pages
 * carry the whole header's first view in the container, from the same CMS answers the page preloads.
 */
let dist: string
let server: ReferenceServer
/** The renderer the page server uses, swapped by each test. */
let renderer: RenderFirstView = renderFirstView
const errors: string[] = []
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'one-header-dist-'))
  mkdirSync(join(dist, '.vite'))
  const manifest = {
    'host/main.tsx': { file: 'assets/main-a1.js', imports: [], isEntry: true },
    'host/firstView/paintFirstView.tsx': { file: 'assets/paintFirstView-f1.js', isDynamicEntry: true },
    'host/startHeader.tsx': { file: 'assets/startHeader-s1.js', isDynamicEntry: true },
  }
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
  server = await createServer({
    ...(await testStore()),
    distDir: dist,
    log: false,
    // The header's own two-step renderer; a swapped one drawn whole for each page.
    firstViewRenderer: (request) => {
      const render = renderer
      return render === renderFirstView
        ? prepareFirstView(request)
        : { chars: 0, finish: (personal) => render({ ...request, ...personal }) }
    },
    logError: (line) => errors.push(line),
  })
})
afterEach(() => {
  renderer = renderFirstView
  errors.length = 0
})
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true })
  await server.close()
})

const open = (brand: keyof typeof SERVER_BRANDS, path: string, cookie = '') =>
  server.app.request(path, { headers: { host: `${SERVER_BRANDS[brand].devHost}:4200`, cookie } })
const container = (html: string) =>
  /<div id="oneHeaderContainer"[^>]*>([\s\S]*?)<\/div>\n<main /.exec(html)?.[1] ?? ''

describe('host pages with the served first view', () => {
  it('carry the whole header in the container: seeded navigation, the search form, Log In, the cart', async () => {
    const html = await (await open('usb2c', '/c/coffee')).text()
    const view = container(html)
    expect(view).toMatch(/^<div [^>]*data-first-view=""/)
    expect(view).toContain('<a class="_link_')
    expect(view).toMatch(/href="\/c\/brewers"[^>]*>Brewers<\/a>/)
    expect(view).toMatch(/<form role="search"[^>]* action="\/search">/)
    expect(view).toMatch(/data-testid="account-button"[^>]*>[\s\S]*Log In/)
    expect(view).toContain('href="/cart" aria-label="Cart"')
    expect(view).toContain('data-first-view-end=""')
    // The browser never asks for the entry's own first-view chunk: nothing for it to paint.
    expect(html).not.toContain('paintFirstView-f1.js')
    expect(html).toContain('startHeader-s1.js')
  })

  it('greet the shopper the session cookies name, in French on French pages', async () => {
    const html = await (
      await open('cab2c', '/fr/cart', 'refresh_token=r1; customerFirstName=Ren%C3%A9e')
    ).text()
    expect(container(html)).toMatch(/href="\/fr\/my-account" data-testid="account-button"[^>]*>[\s\S]*Renée/)
  })

  it('carry the cookie banner while consent is due (none yet, the flag false, an older policy), and not once given', async () => {
    const given = `oneHeaderConsent=${encodeURIComponent(`c9=1&c1=0&c2=0&v=${CONSENT_POLICY_VERSION}&id=abc`)}`
    const bannerIn = async (brand: keyof typeof SERVER_BRANDS, path: string, cookie = '') =>
      container(await (await open(brand, path, cookie)).text()).includes('data-consent-banner')
    expect(await bannerIn('usb2c', '/c/coffee')).toBe(true)
    expect(await bannerIn('usb2c', '/c/coffee', `${given}; cookieBannerAccepted=false`)).toBe(true)
    expect(
      await bannerIn(
        'usb2c',
        '/c/coffee',
        `${given.replace(CONSENT_POLICY_VERSION, '2020-01')}; cookieBannerAccepted=true`,
      ),
    ).toBe(true)
    expect(await bannerIn('usb2c', '/c/coffee', `${given}; cookieBannerAccepted=true`)).toBe(false)
    const french = container(await (await open('cab2c', '/fr/c/coffee')).text())
    expect(french).toContain('Témoins et renseignements personnels')
    expect(french).toContain('aria-label="Fermer la bannière des témoins"')
    // Before the end marker, so it is shown with the rest of the served view.
    expect(french.indexOf('data-consent-banner')).toBeLessThan(french.indexOf('data-first-view-end'))
  })

  it('leave the app webview and a missing renderer answer to the browser (the frame, as before)', async () => {
    const webview = await (await open('usb2c', '/cart?webview=1')).text()
    expect(container(webview)).toBe('')
    expect(webview).toContain('paintFirstView-f1.js')
    renderer = () => ''
    const empty = await (await open('usb2c', '/cart')).text()
    expect(container(empty)).toBe('')
    expect(empty).toContain('paintFirstView-f1.js')
  })

  it('serve the page without it, logged with the page’s correlation id, when the renderer fails', async () => {
    renderer = () => {
      throw new Error('renderer broke')
    }
    const res = await open('usafh', '/cart')
    expect(res.status).toBe(200)
    expect(container(await res.text())).toBe('')
    const id = res.headers.get('x-correlation-id')
    expect(errors).toEqual([`[first-view] not rendered correlationId=${id}`])
  })
})
