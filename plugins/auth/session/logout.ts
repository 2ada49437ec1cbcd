import * as v from 'valibot'
import { AUTH_STORAGE } from '../../../contracts/auth'
import { isSameOriginPath } from '../../../site/safePath'
import type { AuthCore } from './authCore'
import { logoutReturnUrl, pathOf } from './logoutUrl'

/** The BFF logout is best effort: the shopper is not kept waiting longer than this. */
export const LOGOUT_CALL_TIMEOUT_MS = 1500

/** Signs the shopper out; see `createLogout`. */
export type Logout = (options?: { referrer?: string }) => Promise<void>

/**
 * Sign out (header spec §4): login key, cookies and agent data cleared, the other tabs told, the
 * `logout` event, the refresh token revoked (best effort), then the identity provider's logout on
 * to the configured page with the referrer. Re-entrant: a call while one runs joins it, so a
 * `logout` handler that calls back in does not log out twice.
 */
export function createLogout(core: AuthCore): Logout {
  const { store, log } = core
  let leaving: Promise<void> | undefined

  async function leave(options: { referrer?: string }) {
    const href = core.page.href()
    const referrer = options.referrer ?? pathOf(href)
    const safeReferrer = isSameOriginPath(referrer) ? referrer : undefined
    const withReferrer = safeReferrer === undefined ? {} : { referrer: safeReferrer }
    const refreshToken = store.refreshToken()
    core.local.removeItem(AUTH_STORAGE.loginKey)
    store.clear()
    // The page is about to leave: no anonymous customer data is read meanwhile.
    core.state.forget({ reload: false })
    core.sync.post({ type: 'loggedOut', reason: 'logout', ...withReferrer })
    core.bus.emit('logout', withReferrer, core.pluginId)
    if (refreshToken) {
      const r = await core.http.request({
        method: 'POST',
        path: '/api/auth/logout',
        body: { refreshToken },
        schema: v.unknown(),
        timeoutMs: LOGOUT_CALL_TIMEOUT_MS,
      })
      if (!r.ok)
        log('LOGOUT_CALL_FAILED', `the refresh token could not be revoked: ${r.error.message}`, {
          httpError: r.error,
          logCategory: 'LOW',
        })
    }
    const returnTo = logoutReturnUrl({
      origin: originOf(href),
      lang: core.context.lang,
      logoutCallbackUrl: core.context.siteConfig.logoutCallbackUrl,
      referrer: safeReferrer,
    })
    try {
      await core.identity.logout(returnTo)
    } catch (error) {
      log('IDP_LOGOUT_FAILED', `the identity provider's logout failed; going to ${returnTo} directly`, {
        error,
      })
      core.page.assign(returnTo)
    }
  }

  return (options = {}) => {
    // Assigned before `leave` runs (it starts on the next microtask), so re-entry always joins.
    leaving ??= Promise.resolve()
      .then(() => leave(options))
      .catch((error) => log('LOGOUT_FAILED', `logout failed: ${String(error)}`, { error }))
      .finally(() => {
        leaving = undefined
      })
    return leaving
  }
}

function originOf(href: string): string {
  try {
    return new URL(href).origin
  } catch {
    return 'http://localhost'
  }
}
