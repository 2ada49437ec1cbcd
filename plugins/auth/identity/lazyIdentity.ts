import type { HeaderContext } from '../../../kernel/services/kernelRefs'
import type { IdentityPort } from '../authRefs'
import { hasCallbackParams } from './callbackUrl'

/**
 * The identity port as the plugin holds it: the Auth0 adapter and its SDK load only when redirect
 * login is used (a click on "Log in with Brewco ID", the return from the provider, or sign-out), so
 * neither is on the path of an ordinary page view.
 */
export function lazyIdentity(context: HeaderContext): IdentityPort {
  let port: Promise<IdentityPort> | undefined
  const load = () => {
    port ??= import('./auth0Identity').then(({ createAuth0Identity, identitySettingsFrom }) =>
      createAuth0Identity(identitySettingsFrom(context.hiddenInputs, context.siteConfig, context.lang)),
    )
    // A failed load is not kept: the next attempt tries again.
    port.catch(() => {
      port = undefined
    })
    return port
  }
  return {
    loginWithRedirect: async (options) => (await load()).loginWithRedirect(options),
    handleRedirectCallback: async (url) =>
      hasCallbackParams(url) ? (await load()).handleRedirectCallback(url) : undefined,
    logout: async (returnTo) => (await load()).logout(returnTo),
  }
}
