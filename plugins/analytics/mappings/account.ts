import type { KernelEvents } from '../../../kernel/bus/events'
import type { TagPayload } from '../../../kernel/plugin/definePlugin'

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
