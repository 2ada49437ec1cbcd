/**
 * The production identity-provider adapter (header spec §6) on `@auth0/auth0-spa-js`: redirect
 * login with refresh tokens and a local-storage cache. The SDK is imported only when a redirect
 * login, a callback or a logout actually happens, so it is never on the first paint.
 */
import type { Auth0Client } from '@auth0/auth0-spa-js'
import { sameOriginPath } from '../../../site/safePath'
import type { IdentityPort, IdentityTokens } from '../authRefs'
import { authorizationParamsFor } from './authorizeParams'
import { hasCallbackParams } from './callbackUrl'
import type { IdentitySettings } from './identitySettings'
import { RefreshTokenCapture } from './refreshTokenCapture'
import { readDocumentCookie, type ShopperFlags, shopperFlagsFrom } from './shopperFlags'

export { identitySettingsFrom } from './identitySettings'

/** Where the adapter reads the page from; every member has a browser default. */
export interface IdentityEnvironment {
  /** Cookie reader for the ext-* flags; default document.cookie (the header may pass its CookieWriter's get). */
  readCookie?: (name: string) => string | undefined
  /** The page's origin and path; default window.location. */
  location?: () => { origin: string; pathname: string }
  /** Overrides the ext-* flags (e.g. auto-delivery from customer data rather than the cookie). */
  shopperFlags?: () => Partial<ShopperFlags>
  /** Leaves the page for the provider (the SDK's `openUrl`); default the SDK's `location.assign`. */
  navigate?: (url: string) => void | Promise<void>
}

/** What a redirect login hands back: the tokens, and the same-origin path it was started from. */
export interface IdentityRedirectResult extends IdentityTokens {
  returnTo?: string
}

export interface Auth0Identity extends IdentityPort {
  handleRedirectCallback(url: string): Promise<IdentityRedirectResult | undefined>
}

interface LoadedClient {
  client: Auth0Client
  cache: RefreshTokenCapture
}

const browserLocation = () => ({ origin: globalThis.location.origin, pathname: globalThis.location.pathname })

export function createAuth0Identity(
  settings: IdentitySettings,
  env: IdentityEnvironment = {},
): Auth0Identity {
  const location = env.location ?? browserLocation
  const readCookie = env.readCookie ?? readDocumentCookie
  let loaded: Promise<LoadedClient> | undefined

  const load = (): Promise<LoadedClient> => {
    loaded ??= import('@auth0/auth0-spa-js')
      .then((sdk) => {
        // The local-storage cache of `cacheLocation: 'localstorage'`, passed as `cache` so the refresh
        // token can be handed over (passing both options makes the SDK warn and ignore cacheLocation).
        const cache = new RefreshTokenCapture(new sdk.LocalStorageCache())
        const client = new sdk.Auth0Client({
          domain: settings.domain,
          clientId: settings.clientId,
          authorizationParams: {
            ...(settings.audience ? { audience: settings.audience } : {}),
            scope: settings.scope,
            redirect_uri: settings.redirectUris[settings.lang],
          },
          useRefreshTokens: true,
          cache,
        })
        return { client, cache }
      })
      .catch((error: unknown) => {
        loaded = undefined
        throw new Error(`auth plugin: could not load @auth0/auth0-spa-js for redirect login (${error})`)
      })
    return loaded
  }

  const openUrl = env.navigate ? { openUrl: env.navigate } : {}
  const flags = (): ShopperFlags => ({
    ...shopperFlagsFrom(readCookie, location().pathname),
    ...env.shopperFlags?.(),
  })

  return {
    async loginWithRedirect({ lang, screen = 'login', returnTo }) {
      const { client } = await load()
      const back = sameOriginPath(returnTo, location().origin)
      await client.loginWithRedirect({
        authorizationParams: authorizationParamsFor(settings, lang, screen, flags()),
        ...(back ? { appState: { returnTo: back } } : {}),
        ...openUrl,
      })
    },

    async handleRedirectCallback(url) {
      if (!hasCallbackParams(url)) return undefined
      const { client, cache } = await load()
      cache.reset()
      let appState: { returnTo?: unknown } | undefined
      try {
        appState = (await client.handleRedirectCallback<{ returnTo?: unknown }>(url)).appState
      } catch (error) {
        // `code` and `state` that this tab did not ask for (a reload, another app): not a login.
        if ((error as { error?: string }).error === 'missing_transaction') return undefined
        throw error
      }
      // From the SDK's cache, no network: the answer of the code exchange just made.
      const token = await client.getTokenSilently({ detailedResponse: true })
      const captured = token && (await cache.tokensFor(token.access_token))
      if (!token || !captured)
        throw new Error(
          'auth plugin: the redirect login left no access token with a refresh token; the scope must include offline_access',
        )
      // The header's refresher owns the session from here and rotates the refresh token, which would
      // leave the SDK's copy spent (presenting it again trips reuse detection): drop the SDK's copy.
      await client.logout({ openUrl: false })
      const returnTo = sameOriginPath(appState?.returnTo, location().origin)
      return {
        accessToken: token.access_token,
        refreshToken: captured.refreshToken,
        expiresIn: token.expires_in,
        ...(captured.refreshExpiresIn !== undefined ? { refreshExpiresIn: captured.refreshExpiresIn } : {}),
        ...(returnTo ? { returnTo } : {}),
      }
    },

    async logout(returnTo) {
      const { client } = await load()
      const { origin } = location()
      const path = sameOriginPath(returnTo, origin) ?? '/'
      await client.logout({ logoutParams: { returnTo: `${origin}${path}` }, ...openUrl })
    },
  }
}
