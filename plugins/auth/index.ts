import { agentSessionRef, cartCountRef, loggerRef } from '../../contracts/serviceRefs'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot } from '../../kernel/plugin/slots'
import { busRef, cookiesRef, headerContextRef, httpRef } from '../../kernel/services/kernelRefs'
import { createServiceRef, optional, type ProvidingPlugin, provide } from '../../kernel/services/serviceRef'
import { autoLoginAgent } from './agent/agentAutoLogin'
import { agentProfileRef, createAgentProfile } from './agent/agentProfile'
import { loginFailureTags, logoutTags, signedInTags, signupFailureTags } from './analytics'
import { type AuthOptions, AuthOptionsSchema } from './authOptions'
import { type AuthSession, authSessionRef } from './authRefs'
import { createAuthSession, OTHER_TAB_SOURCE, type RunningAuthSession } from './createAuthSession'
import { lazyIdentity } from './identity/lazyIdentity'
import { createLoginContent, loginContentRef } from './loginContent'
import { createLoginFlyoutRequests, loginFlyoutRef } from './loginFlyoutRequests'
import { createAuthLog } from './session/authLog'
import { signInCookies } from './session/signInCookies'
import { createSiteNotices, siteNoticesRef } from './siteNotices'
import AccountSlot from './slots/AccountSlot'
import MobileMenu from './slots/MobileMenu'
import SessionExpiryDialog from './slots/SessionExpiryDialog'
import { SiteNoticeRow } from './slots/SiteNoticeRow'

/** The session with what only this manifest declares: token port, agent headers, handled events. */
const runningSessionRef = createServiceRef<RunningAuthSession>('auth.runningSession')

/**
 * Sign-in, tokens, agent sessions, the account menu, the mobile menu and the session-expiry dialog
 * (header spec §2–§9, issue 4). The slots ship small: the login flyout, the menus and the dialog
 * load when first opened, and the identity provider's SDK only for a redirect login.
 */
export default definePlugin({
  id: 'auth',
  options: AuthOptionsSchema,
  services: [
    provide(
      runningSessionRef,
      {
        http: httpRef,
        bus: busRef,
        cookies: cookiesRef,
        context: headerContextRef,
        logger: optional(loggerRef),
      },
      ({ http, bus, cookies, context, logger }, { options }: ProvidingPlugin<AuthOptions>) =>
        createAuthSession({
          http,
          bus,
          cookies,
          context,
          logger,
          loggedInUserCookies: options.loggedInUserCookies,
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
    provide(loginFlyoutRef, {}, createLoginFlyoutRequests),
    provide(loginContentRef, { http: httpRef, context: headerContextRef }, ({ http, context }) =>
      createLoginContent({ http, lang: context.lang }),
    ),
    provide(
      agentProfileRef,
      { http: httpRef, context: headerContextRef, logger: optional(loggerRef) },
      ({ http, context, logger }) =>
        createAgentProfile({ http, log: createAuthLog(logger, context.correlationId) }),
    ),
    provide(
      siteNoticesRef,
      { http: httpRef, context: headerContextRef, logger: optional(loggerRef) },
      ({ http, context, logger }) =>
        createSiteNotices({ http, log: createAuthLog(logger, context.correlationId) }),
    ),
  ],
  http: {
    tokenPort: (ctx) => ctx.get(runningSessionRef).tokenPort,
    restHeaders: (ctx) => ctx.get(runningSessionRef).restHeaders(),
  },
  slots: {
    'header.account': eagerSlot(AccountSlot),
    'header.mobileMenu': eagerSlot(MobileMenu),
    'header.sessionDialog': eagerSlot(SessionExpiryDialog),
    'header.siteNotice': eagerSlot(SiteNoticeRow),
  },
  events: {
    rotateToken: (_e, ctx) => ctx.get(runningSessionRef).rotateToken(),
    logout: (e, ctx) => ctx.get(runningSessionRef).loggedOut(e.source),
    updateCart: (_e, ctx) => ctx.get(runningSessionRef).cartChanged(),
    'auth:openLoginFlyout': (e, ctx) => ctx.get(loginFlyoutRef).request(e.payload.tab),
    // Where and how the shopper signed in, for the store's checkout and account pages (§3 cookies).
    'auth:signedIn': (e, ctx) => {
      const cookies = ctx.get(cookiesRef)
      const page = ctx.get(headerContextRef).location.pathname
      for (const [name, value] of Object.entries(signInCookies(page, e.payload.source)))
        cookies.set(name, value)
    },
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
    const logger = ctx.optional(loggerRef)
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
