import { asyncScheduler, firstValueFrom, type SchedulerLike } from 'rxjs'
import { TokenResponseSchema } from '../../../contracts/auth'
import type { HttpClient } from '../../../kernel/http/createHttpClient'
import type { HttpError } from '../../../kernel/http/httpError'
import type { TokenPort } from '../../../kernel/http/tokenPort'
import { pollUntil } from '../../../kernel/streams/streams'
import type { AuthLog } from '../session/authLog'
import { errorBody } from '../session/authResults'
import type { TabSync } from './tabSync'
import type { TokenStore } from './tokenStore'

/** Bearer calls wait for a refresh in progress, checking every 30 ms (header spec §4, §9). */
export const REFRESH_POLL_MS = 30
/** Give up waiting after 12 s: longer than a refresh call (5 s timeout) and a lock wait should take. */
const MAX_WAIT_CHECKS = 400
/**
 * The BFF refreshes password and identity-provider sessions alike (it accepts the IdP's refresh
 * tokens). Header spec §7 lists two paths with one contract: `refreshToken` renews a token that has
 * expired (a bearer call found it so, or a 401 said so); `refreshAuthToken` rotates a still-valid one
 * on request (the `rotateToken` event, "Stay logged in"), so the server's log tells the two apart.
 */
export const REFRESH_PATH = '/api/auth/refreshToken'
export const ROTATE_PATH = '/api/auth/refreshAuthToken'

/**
 * How a refresh ended: new tokens; `skipped` because another tab (or call) already rotated them;
 * `fallback` on a failure while the current access token is still valid (header spec §4); `ended` when the
 * session was cleared (refresh token refused, or a failure with no valid token left).
 */
export type RefreshOutcome = 'refreshed' | 'skipped' | 'fallback' | 'ended'

/** Why a waiter was rejected: the session is over and its cookies are cleared. */
export class SessionEndedError extends Error {
  override name = 'SessionEndedError'
}

export interface TokenRefresherDeps {
  store: TokenStore
  http: HttpClient
  sync: TabSync
  /** Site configuration's identity-provider client id, sent with the refresh (header spec §7). */
  clientId: () => string
  /**
   * Site configuration rotate.token.expiry.seconds: a bearer call made with less than this left on
   * its (still valid) token rotates it in the background, so no call meets a token that expires on
   * its way. 0 switches it off.
   */
  rotateWithinSeconds?: () => number
  log: AuthLog
  scheduler?: SchedulerLike
  /** New tokens are in the cookies (this tab refreshed). */
  onRefreshed?: () => void
  /** The session was cleared; `reason` says why, for the log and the state. */
  onSessionEnded?: (reason: string) => void
  /** A call found no token and nothing to refresh it with: the state may be out of date. */
  onNoSession?: () => void
}

/** The HTTP client's token port, with the refresh controls the session needs. */
export interface TokenRefresher extends TokenPort {
  /** The refresh-in-progress flag of header spec §4. */
  isRefreshing(): boolean
  /**
   * Refreshes now, even though the current token is still valid (`rotateToken`, "stay logged in").
   * Joins a refresh already in flight instead of starting a second one.
   */
  refreshNow(): Promise<RefreshOutcome>
}

/**
 * Single-flight token refresh (header spec §4, §8): one refresh at a time in the tab (a
 * flag; other calls poll until it is free), one across tabs (a Web Lock, inside which the cookies
 * are read again so a refresh another tab just made is not repeated), and a late 401 for an older
 * token never starts a second refresh. On failure the still-valid token is kept; otherwise the
 * session is cleared once and every waiter is rejected. `invalid_grant` ends the session cleanly.
 */
export function createTokenRefresher(deps: TokenRefresherDeps): TokenRefresher {
  const { store, http, sync, log } = deps
  const scheduler = deps.scheduler ?? asyncScheduler
  let flight: Promise<RefreshOutcome> | undefined
  /** The token whose rotation in the expiry window failed (not tried again). */
  let rotationFailedFor: string | undefined

  const endSession = (reason: string): RefreshOutcome => {
    store.clear()
    sync.post({ type: 'loggedOut', reason: 'sessionEnded' })
    log('AUTH_SESSION_ENDED', `the session was cleared because ${reason}`, { logCategory: 'LOW' })
    safely(() => deps.onSessionEnded?.(reason))
    return 'ended'
  }

  const onFailure = (sentRefreshToken: string, reason: string, error?: HttpError): RefreshOutcome => {
    // Another tab rotated the tokens meanwhile (no Web Locks): its tokens are the session now.
    if (store.refreshToken() !== sentRefreshToken && store.validAccessToken()) return 'skipped'
    if (error && isInvalidGrant(error)) return endSession('the refresh token was refused (invalid_grant)')
    log('AUTH_REFRESH_FAILED', `token refresh failed: ${reason}`, { httpError: error })
    if (store.validAccessToken()) return 'fallback'
    return endSession('the token refresh failed and no valid access token was left')
  }

  /** Runs inside the lock: `stale` is the token the refresh is meant to replace. */
  const attempt = async (stale: string | undefined, path: string): Promise<RefreshOutcome> => {
    const current = store.accessToken()
    if (current !== undefined && current !== stale && store.isValid(current)) return 'skipped'
    const refreshToken = store.refreshToken()
    if (!refreshToken) return endSession('there was no refresh token to refresh with')
    const result = await http.request({
      method: 'POST',
      path,
      body: { refreshToken, clientId: deps.clientId() },
      schema: TokenResponseSchema,
    })
    if (!result.ok) return onFailure(refreshToken, result.error.message, result.error)
    // Signed out (here or in another tab) while the call was out: the answer belongs to a session
    // that has ended, so it is not stored; the server revokes that family at logout.
    if (store.refreshToken() !== refreshToken) return store.validAccessToken() ? 'skipped' : 'ended'
    store.save(result.data)
    sync.post({ type: 'refreshed' })
    safely(() => deps.onRefreshed?.())
    return 'refreshed'
  }

  const startFlight = (stale: string | undefined, path = REFRESH_PATH): Promise<RefreshOutcome> => {
    if (flight) return flight
    const run = async (): Promise<RefreshOutcome> => {
      try {
        return await sync.withLock(() => attempt(stale, path))
      } catch (error) {
        const sent = store.refreshToken() ?? ''
        log('AUTH_REFRESH_FAILED', `token refresh threw: ${String(error)}`, { error })
        return onFailure(sent, String(error))
      }
    }
    // The flag is released before any waiter resumes (the `finally` runs first).
    flight = run().finally(() => {
      flight = undefined
    })
    return flight
  }

  const waitForFlight = async (): Promise<void> => {
    await firstValueFrom(
      pollUntil(() => flight === undefined, REFRESH_POLL_MS, { maxChecks: MAX_WAIT_CHECKS, scheduler }),
      { defaultValue: true },
    )
  }

  const rejectIfEnded = (outcome: RefreshOutcome): void => {
    if (outcome === 'ended')
      throw new SessionEndedError('The session ended: the token could not be refreshed.')
  }

  return {
    isRefreshing: () => flight !== undefined,
    accessToken: () => store.validAccessToken(),
    whenIdle() {
      if (flight) return waitForFlight()
      // Header spec §7: a bearer call first triggers a refresh when its token has expired.
      const current = store.accessToken()
      if (!store.isValid(current) && store.refreshToken() !== undefined)
        return startFlight(current).then(
          () => undefined,
          () => undefined,
        )
      // Close to its end: this call goes with the still-valid token while it is rotated (later calls
      // wait for the rotation, as for any refresh in flight).
      if (
        current !== rotationFailedFor &&
        store.refreshToken() !== undefined &&
        store.rotationDue(current, deps.rotateWithinSeconds?.() ?? 0)
      )
        startFlight(current, ROTATE_PATH).then(
          // A rotation that fell back (server down) is not tried again for this token: no storm of
          // rotations from every later call; the expiry refresh still comes when it runs out.
          (outcome) => {
            if (outcome === 'fallback') rotationFailedFor = current
          },
          () => undefined,
        )
      return Promise.resolve()
    },
    dropAccessToken(rejected) {
      // A late 401 for an older token must not remove the newer one another call fetched.
      if (rejected !== undefined && store.accessToken() === rejected) store.dropAccessToken()
    },
    refresh(rejected) {
      if (flight) return flight.then(rejectIfEnded)
      const current = store.accessToken()
      // A newer token than the one the 401 answered: retry with it, no second refresh.
      if (current !== undefined && current !== rejected && store.isValid(current)) return Promise.resolve()
      if (store.refreshToken() === undefined) {
        safely(() => deps.onNoSession?.())
        return Promise.reject(new SessionEndedError('There is no refresh token: the shopper is signed out.'))
      }
      return startFlight(rejected ?? current).then(rejectIfEnded)
    },
    refreshNow() {
      if (flight) return flight
      if (store.refreshToken() === undefined) return Promise.resolve<RefreshOutcome>('ended')
      return startFlight(store.accessToken(), ROTATE_PATH)
    },
  }
}

/** The BFF's OAuth-style refusal of a refresh token (400 or 401 with `error: 'invalid_grant'`). */
export function isInvalidGrant(error: HttpError): boolean {
  if (error.status !== 400 && error.status !== 401) return false
  return errorBody(error.payload)?.error === 'invalid_grant'
}

function safely(fn: () => void) {
  try {
    fn()
  } catch {
    // A listener's failure must not turn a finished refresh into a failed one.
  }
}
