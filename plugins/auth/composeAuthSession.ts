import type { AuthSession } from './authRefs'
import type { CustomerService } from './customer/customerService'
import type { ExpiryWarningService } from './session/expiryWarning'
import type { Logout } from './session/logout'
import type { SessionStateHolder } from './session/sessionState'
import type { SignInFlows } from './session/signIn'
import type { TabSyncEcho } from './session/tabSyncEcho'
import type { TokenRefresher } from './tokens/createTokenRefresher'

/**
 * The public `AuthSession` (authRefs.ts) the slots and other plugins use, put together from the
 * plugin's declared services; it holds nothing of its own, so it needs no clean-up.
 */
export function composeAuthSession(deps: {
  state: SessionStateHolder
  customer: CustomerService
  expiry: ExpiryWarningService
  signIn: SignInFlows
  logout: Logout
  echo: TabSyncEcho
  refresher: TokenRefresher
}): AuthSession {
  const { state, customer, signIn, refresher } = deps
  return {
    state$: state.state$,
    customer$: customer.customer$,
    cartCount$: customer.cartCount$,
    adType$: customer.adType$,
    expiryWarning$: deps.expiry.warning$,
    login: signIn.login,
    signup: signIn.signup,
    forgotPassword: signIn.forgotPassword,
    loginWithRedirect: signIn.loginWithRedirect,
    // Repeating another tab's logout here must not send this tab to the identity provider too.
    logout: (options) => (deps.echo.echoing() ? Promise.resolve() : deps.logout(options)),
    async staySignedIn() {
      const outcome = await refresher.refreshNow()
      state.recompute()
      state.recheck$.next()
      return outcome !== 'ended' && state.value().status === 'signedIn'
    },
  }
}
