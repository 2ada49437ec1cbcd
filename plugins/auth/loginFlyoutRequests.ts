import { type Observable, Subject } from 'rxjs'
import { createServiceRef } from '../../kernel/services/serviceRef'

/**
 * Requests to open the login / sign-up flyout. The mobile menu asks through the bus
 * (`auth:openLoginFlyout`, declared in the plugin's `events`); the account slot, which owns the
 * flyout, reads the requests here, so no component subscribes to the bus by hand.
 */
export interface LoginFlyoutRequests {
  readonly requests$: Observable<'logIn' | 'register'>
  request(tab: 'logIn' | 'register'): void
}

export const loginFlyoutRef = createServiceRef<LoginFlyoutRequests>('auth.loginFlyout')

export function createLoginFlyoutRequests(): LoginFlyoutRequests {
  const requests = new Subject<'logIn' | 'register'>()
  return { requests$: requests.asObservable(), request: (tab) => requests.next(tab) }
}
