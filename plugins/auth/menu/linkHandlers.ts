import type { LinkClickHandler, LinkHandlers } from '../../../contracts/serviceRefs'
import type { SiteConfig } from '../../../contracts/siteConfig'
import type { PluginLog } from '../../../kernel/logging/pluginLog'

/** What every handler is given besides the click (navigation spec §7). */
export interface LinkHandlerArguments {
  /** The header's sign-out (header spec §4): storage, cookies, other tabs, then the provider's logout. */
  signOut(): Promise<void>
  /** The identity provider's logout alone, on to the configured logout page. */
  identityProviderLogout(): Promise<void>
  siteConfig(): SiteConfig
}

/** A handler's name as configuration writes it: a word, never code (`logout`, `openJoinModal`). */
export const HANDLER_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/

/**
 * The allow-list of named link handlers (header spec §3 `clickHandler`, navigation spec §3 and §7).
 * A name configuration gives is only ever looked up here: nothing from content is evaluated. An
 * unknown name, a taken one, or a handler that throws is logged once per name, and the link stays a
 * plain link (its default action goes on unless the handler prevented it).
 */
export function createLinkHandlers(args: LinkHandlerArguments, log: PluginLog): LinkHandlers {
  const handlers = new Map<string, LinkClickHandler>()
  const reported = new Set<string>()
  const once = (key: string, eventType: string, message: string, error?: unknown) => {
    if (reported.has(key)) return
    reported.add(key)
    log(eventType, message, { logCategory: 'LOW', ...(error === undefined ? {} : { error }) })
  }
  return {
    register(name, handler) {
      if (!HANDLER_NAME.test(name) || handlers.has(name)) {
        once(
          `taken:${name}`,
          'LINK_HANDLER_REFUSED',
          `link handler '${name}' is taken or not a name; not registered`,
        )
        return () => {}
      }
      handlers.set(name, handler)
      return () => {
        if (handlers.get(name) === handler) handlers.delete(name)
      }
    },
    names: () => [...handlers.keys()],
    run(name, event) {
      const handler = handlers.get(name)
      if (!handler) {
        once(
          `unknown:${name}`,
          'LINK_HANDLER_UNKNOWN',
          `no link handler is named '${name.slice(0, 64)}' (registered: ${[...handlers.keys()].join(', ') || 'none'}); the link is a plain link`,
        )
        return false
      }
      try {
        handler(event, args.signOut, args.identityProviderLogout, args.siteConfig())
        return true
      } catch (error) {
        once(
          `failed:${name}`,
          'LINK_HANDLER_FAILED',
          `link handler '${name}' failed: ${String(error)}`,
          error,
        )
        return false
      }
    },
  }
}

/** `logout`: signs the shopper out through the header's own sign-out, not by following the link. */
export const logoutHandler: LinkClickHandler = (event, signOut) => {
  event.preventDefault()
  void signOut()
}

/** `openLoginPopup`: opens the sign-in flyout in place of the login page. */
export const openLoginPopupHandler =
  (openLogin: () => void): LinkClickHandler =>
  (event) => {
    event.preventDefault()
    openLogin()
  }
