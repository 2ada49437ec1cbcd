import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { IdentitySettings } from './identitySettings'

const sdk = vi.hoisted(() => {
  const clientMocks = () => ({
    loginWithRedirect: vi.fn(async (_options: unknown) => {}),
    handleRedirectCallback: vi.fn(
      async (_url: string): Promise<{ appState: unknown }> => ({ appState: undefined }),
    ),
    getTokenSilently: vi.fn(async (_options: unknown) => ({
      access_token: 'at-1',
      expires_in: 300,
      id_token: 'id',
      scope: 's',
    })),
    logout: vi.fn(async (_options: unknown) => {}),
  })
  const instances: { options: Record<string, unknown>; mocks: ReturnType<typeof clientMocks> }[] = []
  class LocalStorageCache {
    store = new Map<string, unknown>()
    set(key: string, entry: unknown) {
      this.store.set(key, entry)
    }
    get(key: string) {
      return this.store.get(key)
    }
    remove(key: string) {
      this.store.delete(key)
    }
    allKeys() {
      return [...this.store.keys()]
    }
  }
  const Auth0Client = vi.fn(function (this: Record<string, unknown>, options: Record<string, unknown>) {
    const mocks = clientMocks()
    Object.assign(this, mocks)
    instances.push({ options, mocks })
  })
  return { Auth0Client, LocalStorageCache, instances }
})
vi.mock('@auth0/auth0-spa-js', () => ({
  Auth0Client: sdk.Auth0Client,
  LocalStorageCache: sdk.LocalStorageCache,
}))

const { createAuth0Identity } = await import('./auth0Identity')

const ORIGIN = 'http://cab2c.ca.localhost:4200'
const settings: IdentitySettings = {
  domain: ORIGIN,
  clientId: 'oh-cab2c-web-4Lm9pR',
  audience: 'https://api.brewco.example/cab2c',
  scope: 'openid profile email offline_access',
  redirectUris: { en: `${ORIGIN}/`, fr: `${ORIGIN}/fr/accueil` },
  lang: 'en',
}

function identity(cookies: Record<string, string> = {}, pathname = '/cart') {
  return createAuth0Identity(settings, {
    readCookie: (name) => cookies[name],
    location: () => ({ origin: ORIGIN, pathname }),
  })
}
const client = () => {
  const last = sdk.instances.at(-1)
  if (!last) throw new Error('no Auth0Client was made')
  return last
}

beforeEach(() => {
  sdk.instances.length = 0
  sdk.Auth0Client.mockClear()
})

describe('createAuth0Identity', () => {
  it('loads nothing until it is used, then makes one client with refresh tokens and a local-storage cache', async () => {
    const id = identity()
    expect(sdk.Auth0Client).not.toHaveBeenCalled()
    expect(await id.handleRedirectCallback(`${ORIGIN}/cart?x=1`)).toBeUndefined()
    expect(sdk.Auth0Client).not.toHaveBeenCalled()

    await id.loginWithRedirect({ lang: 'en', returnTo: '/cart' })
    await id.loginWithRedirect({ lang: 'en', returnTo: '/cart' })
    expect(sdk.Auth0Client).toHaveBeenCalledTimes(1)
    const { options } = client()
    expect(options).toMatchObject({
      domain: ORIGIN,
      clientId: 'oh-cab2c-web-4Lm9pR',
      authorizationParams: {
        audience: 'https://api.brewco.example/cab2c',
        scope: 'openid profile email offline_access',
        redirect_uri: `${ORIGIN}/`,
      },
      useRefreshTokens: true,
    })
    expect((options.cache as { inner: unknown }).inner).toBeInstanceOf(sdk.LocalStorageCache)
  })

  it('English login: exact authorizationParams, ext-* false, returnTo kept in appState', async () => {
    await identity().loginWithRedirect({ lang: 'en', returnTo: '/cart?x=1' })
    expect(client().mocks.loginWithRedirect).toHaveBeenCalledWith({
      authorizationParams: {
        audience: 'https://api.brewco.example/cab2c',
        scope: 'openid profile email offline_access',
        redirect_uri: `${ORIGIN}/`,
        ui_locales: 'en',
        'ext-isSWU': 'false',
        'ext-existingperksuser': 'false',
        'ext-hasAutoDelivery': 'false',
        'ext-perkpage': 'false',
      },
      appState: { returnTo: '/cart?x=1' },
    })
  })

  it('French sign-up from a perks page: fr-CA, the French redirect URI, screen_hint and the ext-* flags', async () => {
    const cookies = { isSWU: 'true', existingPerksUser: 'true', autoDeliveryItem: 'true' }
    await identity(cookies, '/fr/brewco-programme-fidelite').loginWithRedirect({
      lang: 'fr',
      screen: 'signup',
      returnTo: `${ORIGIN}/fr/accueil`,
    })
    expect(client().mocks.loginWithRedirect).toHaveBeenCalledWith({
      authorizationParams: {
        audience: 'https://api.brewco.example/cab2c',
        scope: 'openid profile email offline_access',
        redirect_uri: `${ORIGIN}/fr/accueil`,
        ui_locales: 'fr-CA',
        'ext-isSWU': 'true',
        'ext-existingperksuser': 'true',
        'ext-hasAutoDelivery': 'true',
        'ext-perkpage': 'true',
        screen_hint: 'signup',
      },
      appState: { returnTo: '/fr/accueil' },
    })
  })

  it('lets the header override a flag, and never carries an offsite returnTo', async () => {
    const id = createAuth0Identity(settings, {
      readCookie: () => undefined,
      location: () => ({ origin: ORIGIN, pathname: '/' }),
      shopperFlags: () => ({ hasAutoDelivery: true }),
    })
    await id.loginWithRedirect({ lang: 'en', returnTo: '//evil.com' })
    const call = client().mocks.loginWithRedirect.mock.calls[0]?.[0] as Record<string, Record<string, string>>
    expect(call.authorizationParams?.['ext-hasAutoDelivery']).toBe('true')
    expect(call.appState).toBeUndefined()
  })

  it('handles the callback: tokens from the SDK, the refresh token from its cache, then drops the SDK copy', async () => {
    const id = identity()
    await id.loginWithRedirect({ lang: 'en', returnTo: '/' })
    const { options, mocks } = client()
    mocks.handleRedirectCallback.mockImplementation(async () => {
      // What the SDK does after the code exchange: writes the token entry to its cache.
      await (options.cache as { set(k: string, v: unknown): Promise<void> }).set('@@auth0spajs@@::c::a::s', {
        body: { access_token: 'at-1', refresh_token: 'rt-1', refresh_expires_in: 1800, expires_in: 300 },
        expiresAt: 1,
      })
      return { appState: { returnTo: '/my-account/orders' } }
    })
    const url = `${ORIGIN}/?code=abc&state=xyz`
    expect(await id.handleRedirectCallback(url)).toEqual({
      accessToken: 'at-1',
      refreshToken: 'rt-1',
      expiresIn: 300,
      refreshExpiresIn: 1800,
      returnTo: '/my-account/orders',
    })
    expect(mocks.handleRedirectCallback).toHaveBeenCalledWith(url)
    expect(mocks.getTokenSilently).toHaveBeenCalledWith({ detailedResponse: true })
    expect(mocks.logout).toHaveBeenCalledWith({ openUrl: false })
  })

  it('finds the refresh token in the cache entries when the write was not seen, and drops hostile appState', async () => {
    const id = identity()
    await id.loginWithRedirect({ lang: 'en', returnTo: '/' })
    const { options, mocks } = client()
    const inner = (options.cache as { inner: InstanceType<typeof sdk.LocalStorageCache> }).inner
    inner.set('@@auth0spajs@@::c::a::s', {
      body: { access_token: 'at-1', refresh_token: 'rt-0' },
      expiresAt: 1,
    })
    mocks.handleRedirectCallback.mockResolvedValue({ appState: { returnTo: 'javascript:alert(1)' } })
    expect(await id.handleRedirectCallback(`${ORIGIN}/?code=a&state=b`)).toEqual({
      accessToken: 'at-1',
      refreshToken: 'rt-0',
      expiresIn: 300,
    })
  })

  it('a callback this tab did not start is not a login; other failures are thrown', async () => {
    const id = identity()
    await id.loginWithRedirect({ lang: 'en', returnTo: '/' })
    const { mocks } = client()
    mocks.handleRedirectCallback.mockRejectedValueOnce(
      Object.assign(new Error('Invalid state'), { error: 'missing_transaction' }),
    )
    expect(await id.handleRedirectCallback(`${ORIGIN}/?code=a&state=b`)).toBeUndefined()
    mocks.handleRedirectCallback.mockRejectedValueOnce(
      Object.assign(new Error('Invalid authorization code'), { error: 'invalid_grant' }),
    )
    await expect(id.handleRedirectCallback(`${ORIGIN}/?code=a&state=b`)).rejects.toThrow(
      'Invalid authorization code',
    )
    mocks.handleRedirectCallback.mockResolvedValueOnce({ appState: undefined })
    await expect(id.handleRedirectCallback(`${ORIGIN}/?code=a&state=b`)).rejects.toThrow(/offline_access/)
  })

  it('logout leaves for the provider with an absolute same-origin returnTo', async () => {
    const id = identity()
    await id.logout('/logout?referrer=%2Fcart')
    expect(client().mocks.logout).toHaveBeenCalledWith({
      logoutParams: { returnTo: `${ORIGIN}/logout?referrer=%2Fcart` },
    })
    await id.logout(`${ORIGIN}/logout`)
    expect(client().mocks.logout).toHaveBeenLastCalledWith({ logoutParams: { returnTo: `${ORIGIN}/logout` } })
    await id.logout('https://evil.com/logout')
    expect(client().mocks.logout).toHaveBeenLastCalledWith({ logoutParams: { returnTo: `${ORIGIN}/` } })
  })
})
