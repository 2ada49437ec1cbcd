// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { createAnalyticsKernel } from '../../test/analyticsKernel'
import { authAnalytics } from './analytics'
import { OTHER_TAB_SOURCE } from './session/tabSyncEcho'

/** The utag.link payloads one event becomes, with the auth plugin's own handlers. */
function linksFor(emit: (k: ReturnType<typeof createAnalyticsKernel>['kernel']) => void) {
  const test = createAnalyticsKernel([definePlugin({ id: 'auth', analytics: authAnalytics })])
  emit(test.kernel)
  expect(test.faults).toEqual([])
  expect(test.pushed.every((p) => p.pluginId === 'auth')).toBe(true)
  return test.links()
}

describe('account events (nav spec §7: login, signup, login_failure, sign_up_failure, logout)', () => {
  it('login by method, signup, the two failures with their code, logout', () => {
    expect(
      linksFor((k) => k.bus.emit('auth:signedIn', { customerId: 'c1', source: 'password' }, 'auth')),
    ).toEqual([{ event: 'login', method: 'password' }])
    expect(
      linksFor((k) => k.bus.emit('auth:signedIn', { customerId: 'c1', source: 'signup' }, 'auth')),
    ).toEqual([{ event: 'signup', method: 'password' }])
    expect(
      linksFor((k) => k.bus.emit('auth:loginFailed', { code: 'invalid_grant' } as never, 'auth')),
    ).toEqual([{ event: 'login_failure', error_code: 'invalid_grant' }])
    expect(
      linksFor((k) => k.bus.emit('auth:signupFailed', { code: 'user_exists' } as never, 'auth')),
    ).toEqual([{ event: 'sign_up_failure', error_code: 'user_exists' }])
    expect(linksFor((k) => k.bus.emit('logout', {}, 'auth'))).toEqual([{ event: 'logout' }])
  })

  it('a sign-out echoed from another tab is not reported twice (the auth plugin’s source name)', () => {
    expect(linksFor((k) => k.bus.emit('logout', {}, OTHER_TAB_SOURCE))).toEqual([])
  })
})
