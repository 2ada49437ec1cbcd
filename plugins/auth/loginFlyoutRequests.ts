import { type Observable, Subject } from 'rxjs'

/**
 * Requests to open the login / sign-up flyout. The mobile menu asks through the bus
 * (`auth:openLoginFlyout`, declared in the plugin's `events`); the account slot, which owns the
 * flyout, reads the requests here, so no component subscribes to the bus by hand.
 */
export interface LoginFlyoutRequests {
  readonly requests$: Observable<'logIn' | 'register'>
  request(tab: 'logIn' | 'register'): void
}

export { loginFlyoutRef } from './authRefs'

export function createLoginFlyoutRequests(): LoginFlyoutRequests {
  const requests = new Subject<'logIn' | 'register'>()
  return { requests$: requests.asObservable(), request: (tab) => requests.next(tab) }
}
