import type { KernelEvents } from '../../kernel/bus/events'
import type { AnalyticsHandler, TagPayload } from '../../kernel/plugin/definePlugin'
import './events'
import { OTHER_TAB_SOURCE } from './session/tabSyncEcho'

/** Tag-manager reports of the account layer (nav spec §7 catalogue: login, signup, their failures, logout). */
export function signedInTags({ source }: KernelEvents['auth:signedIn']): TagPayload {
  if (source === 'signup') return { event: 'signup', method: 'password' }
  return { event: 'login', method: source }
}

export const loginFailureTags = ({ code }: KernelEvents['auth:loginFailed']): TagPayload => ({
  event: 'login_failure',
  error_code: code,
})

export const signupFailureTags = ({ code }: KernelEvents['auth:signupFailed']): TagPayload => ({
  event: 'sign_up_failure',
  error_code: code,
})

export const logoutTags = (): TagPayload => ({ event: 'logout' })

/**
 * The account layer's events and their tag-manager payloads (nav spec §7). A sign-out echoed from
 * another tab is that tab's to report, so it is not reported twice.
 */
export const authAnalytics: readonly AnalyticsHandler[] = [
  { event: 'auth:signedIn', tags: (e) => signedInTags(e.payload) },
  { event: 'auth:loginFailed', tags: (e) => loginFailureTags(e.payload) },
  { event: 'auth:signupFailed', tags: (e) => signupFailureTags(e.payload) },
  { event: 'logout', tags: (e) => (e.source === OTHER_TAB_SOURCE ? null : logoutTags()) },
]
