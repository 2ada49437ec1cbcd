import * as v from 'valibot'
import { agentSessionRef, cartCountRef, loggerRef } from '../../contracts/serviceRefs'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot } from '../../kernel/plugin/slots'
import { busRef, cookiesRef, headerContextRef, httpRef } from '../../kernel/services/kernelRefs'
import { createServiceRef, provide } from '../../kernel/services/serviceRef'
import { autoLoginAgent } from './agent/agentAutoLogin'
import { loginFailureTags, logoutTags, signedInTags, signupFailureTags } from './analytics'
import { type AuthSession, authSessionRef } from './authRefs'
import { createAuthSession, OTHER_TAB_SOURCE, type RunningAuthSession } from './createAuthSession'
import { lazyIdentity } from './identity/lazyIdentity'
import { createAuthLog } from './session/authLog'
import AccountSlot from './slots/AccountSlot'
import MobileMenu from './slots/MobileMenu'
import SessionExpiryDialog from './slots/SessionExpiryDialog'

/** The session with what only this plugin wires: token port, agent flag, logger, disposal. */
const runningSessionRef = createServiceRef<RunningAuthSession>('auth.runningSession')

/**
 * Sign-in, tokens, agent sessions, the account menu, the mobile menu and the session-expiry dialog
 * (header spec §2–§9, issue 4). The slots ship small: the login flyout, the menus and the dialog
 * load when first opened, and the identity provider's SDK only for a redirect login.
 */
export default definePlugin({
  id: 'auth',
  options: v.optional(v.object({}), {}),
  services: [
    provide(
      runningSessionRef,
      { http: httpRef, bus: busRef, cookies: cookiesRef, context: headerContextRef },
      ({ http, bus, cookies, context }) =>
        createAuthSession({
          http,
          bus,
          cookies,
          context,
          identity: lazyIdentity(context),
        }),
    ),
    provide(authSessionRef, { session: runningSessionRef }, ({ session }): AuthSession => session),
    provide(
      agentSessionRef,
      { session: runningSessionRef },
      ({ session }) =>
        () =>
          session.isAgent(),
    ),
    provide(cartCountRef, { session: authSessionRef }, ({ session }) => session.cartCount$),
  ],
  slots: {
    'header.account': eagerSlot(AccountSlot),
    'header.mobileMenu': eagerSlot(MobileMenu),
    'header.sessionDialog': eagerSlot(SessionExpiryDialog),
  },
  analytics: {
    'auth:signedIn': (e) => signedInTags(e.payload),
    'auth:loginFailed': (e) => loginFailureTags(e.payload),
    'auth:signupFailed': (e) => signupFailureTags(e.payload),
    // Another tab's sign-out is echoed here too; it was reported by the tab that signed out.
    logout: (e) => (e.source === OTHER_TAB_SOURCE ? null : logoutTags()),
  },
  start: (ctx) => {
    const session = ctx.get(runningSessionRef)
    // The logger exists once every plugin's services do; the session's start-up calls come later.
    const logger = ctx.optional(loggerRef)
    session.setLogger(logger)
    const context = ctx.get(headerContextRef)
    void session.ready.then(() =>
      autoLoginAgent({
        http: ctx.get(httpRef),
        session,
        log: createAuthLog(logger, context.correlationId),
        href: () => window.location.href,
        replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
      }),
    )
    return () => session.dispose()
  },
})
