// @vitest-environment jsdom
/**
 * The real `@auth0/auth0-spa-js`, driven through the header's adapter (plugins/auth/identity), against
 * this identity provider: what `npm start` does in a browser, minus the browser. fetch goes to the
 * Hono app; the adapter's `navigate` hands over the addresses the SDK would open.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAuth0Identity } from '../../plugins/auth/identity/auth0Identity'
import { identitySettingsFrom } from '../../plugins/auth/identity/identitySettings'
import { siteConfigFor } from '../../server/fixtures/siteConfig'
import type { FakeAuth } from '../../server/idp/testing/fakeAuthServices'
import { EMAIL, idpApp, openLogin, PASSWORD, postForm } from '../../server/idp/testing/idpTestClient'
import { hiddenInputsFor } from '../../server/pages/hiddenInputs'

const origin = window.location.origin
let app: Awaited<ReturnType<typeof idpApp>>['app']
let auth: FakeAuth

beforeAll(async () => {
  ;({ app, auth } = await idpApp())
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    app.request(input instanceof Request ? input : String(input), init),
  )
})
afterAll(() => vi.unstubAllGlobals())

function adapter(pathname = '/cart') {
  const config = siteConfigFor('usb2c')
  const hidden = hiddenInputsFor({
    brand: 'usb2c',
    origin,
    authDomain: window.location.host,
    config: {
      authAudience: config.authAudience,
      authClientId: config.authClientId,
      authScope: config.authScope,
    },
  })
  const opened: string[] = []
  const identity = createAuth0Identity(identitySettingsFrom(hidden, config, 'en'), {
    readCookie: (name) => (name === 'isSWU' ? 'true' : undefined),
    location: () => ({ origin, pathname }),
    navigate: (url) => {
      opened.push(url)
    },
  })
  return { identity, opened }
}

describe('auth0-spa-js against the local identity provider', () => {
  it('redirect login end to end: authorize, login page, code exchange, id token checks, tokens handed over', async () => {
    const { identity, opened } = adapter()
    await identity.loginWithRedirect({ lang: 'en', returnTo: '/cart' })
    const authorize = new URL(opened[0] ?? '')
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${origin}/authorize`)
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: 'oh-usb2c-web-7Qd2xK',
      response_type: 'code',
      code_challenge_method: 'S256',
      ui_locales: 'en',
      'ext-isSWU': 'true',
      'ext-perkpage': 'false',
      redirect_uri: `${origin}/`,
    })

    const { res, tx, cookie } = await openLogin(app, authorize.searchParams.toString(), origin)
    expect(res.status).toBe(200)
    const login = await postForm(
      app,
      '/authorize/login',
      { tx, email: EMAIL, password: PASSWORD },
      cookie,
      origin,
    )
    const callback = login.headers.get('location') ?? ''
    expect(callback).toMatch(new RegExp(`^${origin}/\\?code=`))

    const tokens = await identity.handleRedirectCallback(callback)
    expect(tokens).toMatchObject({ returnTo: '/cart', refreshExpiresIn: 1800 })
    expect(tokens?.expiresIn).toBeGreaterThan(0)
    expect(await auth.tokens.verifyAccess(tokens?.accessToken ?? '')).toMatchObject({ brand: 'usb2c' })
    // The header's refresher can rotate what it was handed.
    expect(await auth.tokens.rotate(tokens?.refreshToken ?? '')).toHaveProperty('access_token')
    // The SDK's copy is gone; the header owns the session.
    expect(Object.keys(localStorage).filter((k) => k.startsWith('@@auth0spajs@@'))).toEqual([])

    // A reload of the callback address is not a second login.
    expect(await identity.handleRedirectCallback(callback)).toBeUndefined()
  })

  it('French login reaches the French page; logout comes back to the return URL', async () => {
    const { identity, opened } = adapter('/fr/accueil')
    await identity.loginWithRedirect({ lang: 'fr', returnTo: '/fr/accueil' })
    const authorize = new URL(opened[0] ?? '')
    expect(authorize.searchParams.get('ui_locales')).toBe('fr-CA')
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${origin}/fr/accueil`)
    const { html } = await openLogin(app, authorize.searchParams.toString(), origin)
    expect(html).toContain('<html lang="fr-CA">')

    await identity.logout('/logout?referrer=%2Ffr%2Faccueil')
    const logout = await app.request(opened[1] ?? '')
    expect(logout.status).toBe(302)
    expect(logout.headers.get('location')).toBe(`${origin}/logout?referrer=%2Ffr%2Faccueil`)
  })
})
