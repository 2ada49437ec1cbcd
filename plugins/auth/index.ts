import { PLUGIN_ABOUT } from '../../contracts/pluginAbout'
import {
  agentSessionRef,
  cartCountRef,
  linkHandlersRef,
  shopperAccountRef,
} from '../../contracts/serviceRefs'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot } from '../../kernel/plugin/slots'
import { cookiesRef, headerContextRef, httpRef } from '../../kernel/services/kernelRefs'
import { provide } from '../../kernel/services/serviceRef'
import { autoLoginAgent } from './agent/agentAutoLogin'
import { agentProfileRef, createAgentProfile } from './agent/agentProfile'
import { authAnalytics } from './analytics'
import { AuthOptionsSchema } from './authOptions'
import { authSessionRef } from './authRefs'
import {
  agentRef,
  authEnvironmentRef,
  authLogRef,
  authStartupRef,
  customerRef,
  expiryWarningRef,
  logoutRef,
  sessionStateRef,
  signInRef,
  tabSyncEchoRef,
  tokenRefresherRef,
  tokenStoreRef,
} from './authServices'
import { composeAuthSession } from './composeAuthSession'
import firstView from './firstView'
import { createLoginContent, loginContentRef } from './loginContent'
import { createLoginFlyoutRequests, loginFlyoutRef } from './loginFlyoutRequests'
import { createLinkHandlers, logoutHandler, openLoginPopupHandler } from './menu/linkHandlers'
import { logoutReturnUrl, pathOf } from './session/logoutUrl'
import { reloadWhenRestoredSignedOut } from './session/restoredPage'
import { signInCookies } from './session/signInCookies'
import { sessionServices } from './sessionServices'
import { createSiteNotices, siteNoticesRef } from './siteNotices'
import AccountSlot from './slots/AccountSlot'
import MobileMenu from './slots/MobileMenu'
import SessionExpiryDialog from './slots/SessionExpiryDialog'
import { SiteNoticeRow } from './slots/SiteNoticeRow'

/**
 * Sign-in, tokens, agent sessions, the account menu, the mobile menu and the session-expiry dialog
 * (header spec §2–§9). The slots ship small: the login flyout, the menus and the dialog
 * load when first opened, and the identity provider's SDK only for a redirect login.
 */
export default definePlugin({
  id: 'auth',
  about: PLUGIN_ABOUT.auth,
  options: AuthOptionsSchema,
  services: [
    // Tokens, tab sync, agent and customer data, session state, sign-in, logout, expiry, start-up.
    ...sessionServices,
    provide(
      authSessionRef,
      {
        state: sessionStateRef,
        customer: customerRef,
        expiry: expiryWarningRef,
        signIn: signInRef,
        logout: logoutRef,
        echo: tabSyncEchoRef,
        refresher: tokenRefresherRef,
      },
      composeAuthSession,
    ),
    provide(
      agentSessionRef,
      { agent: agentRef },
      ({ agent }) =>
        () =>
          agent.isAgent(),
    ),
    provide(cartCountRef, { session: authSessionRef }, ({ session }) => session.cartCount$),
    // Who is signed in and their customer data, for the loyalty plugin (its perks fields).
    provide(
      shopperAccountRef,
      { session: authSessionRef, customer: customerRef },
      ({ session, customer }) => ({
        session$: session.state$,
        customer$: session.customer$,
        reloadCustomer: async () => void (await customer.load({ quiet: true })),
      }),
    ),
    provide(loginFlyoutRef, {}, createLoginFlyoutRequests),
    // The named link handlers (header spec §3 clickHandler): the account menus run them; auth's own
    // two are here, other plugins register theirs when they start (loyalty: openJoinModal).
    provide(
      linkHandlersRef,
      {
        session: authSessionRef,
        env: authEnvironmentRef,
        context: headerContextRef,
        log: authLogRef,
        loginFlyout: loginFlyoutRef,
      },
      ({ session, env, context, log, loginFlyout }) => {
        const handlers = createLinkHandlers(
          {
            signOut: () => session.logout(),
            identityProviderLogout: () => {
              const href = env.page.href()
              return env.identity.logout(
                logoutReturnUrl({
                  origin: new URL(href).origin,
                  lang: context.lang,
                  logoutCallbackUrl: context.siteConfig.logoutCallbackUrl,
                  referrer: pathOf(href),
                }),
              )
            },
            siteConfig: () => context.siteConfig,
          },
          log,
        )
        handlers.register('logout', logoutHandler)
        handlers.register(
          'openLoginPopup',
          openLoginPopupHandler(() => loginFlyout.request('logIn')),
        )
        return handlers
      },
    ),
    provide(loginContentRef, { http: httpRef, context: headerContextRef }, ({ http, context }) =>
      createLoginContent({ http, lang: context.lang }),
    ),
    provide(agentProfileRef, { http: httpRef, log: authLogRef }, createAgentProfile),
    provide(siteNoticesRef, { http: httpRef, log: authLogRef }, createSiteNotices),
  ],
  http: {
    tokenPort: (ctx) => ctx.get(tokenRefresherRef),
    restHeaders: (ctx) => ctx.get(agentRef).restHeaders(),
  },
  firstView,
  slots: {
    'header.account': eagerSlot(AccountSlot),
    'header.mobileMenu': eagerSlot(MobileMenu),
    'header.sessionDialog': eagerSlot(SessionExpiryDialog),
    'header.siteNotice': eagerSlot(SiteNoticeRow),
  },
  events: {
    // Header spec §4: a refresh already running does the rotation; without a refresh token nothing is sent.
    rotateToken: (_e, ctx) => void ctx.get(tokenRefresherRef).refreshNow(),
    logout: (e, ctx) => ctx.get(tabSyncEchoRef).loggedOut(e.source),
    updateCart: (_e, ctx) => ctx.get(customerRef).cartChanged(),
    // An add-to-cart the page reports (docs/shopper-data.md "Host-page events") changed the cart as well (header spec §4).
    'page:cartAdd': (_e, ctx) => ctx.get(customerRef).cartChanged(),
    'auth:openLoginFlyout': (e, ctx) => ctx.get(loginFlyoutRef).request(e.payload.tab),
    // Where and how the shopper signed in, for the store's checkout and account pages (header spec §3 cookies).
    'auth:signedIn': (e, ctx) => {
      const cookies = ctx.get(cookiesRef)
      const page = ctx.get(headerContextRef).location.pathname
      for (const [name, value] of Object.entries(signInCookies(page, e.payload.source)))
        cookies.set(name, value)
    },
  },
  analytics: authAnalytics,
  start: (ctx) => {
    const { page } = ctx.get(authEnvironmentRef)
    const signIn = ctx.get(signInRef)
    const store = ctx.get(tokenStoreRef)
    const stopRestoreCheck = reloadWhenRestoredSignedOut({
      win: typeof window === 'undefined' ? undefined : window,
      loadedSignedIn: store.hasSession(),
      hasSession: () => store.hasSession(),
      reload: () => window.location.reload(),
    })
    void ctx.get(authStartupRef).ready.then(() =>
      autoLoginAgent({
        http: ctx.get(httpRef),
        session: { state$: ctx.get(sessionStateRef).state$, startAgentSession: signIn.startAgentSession },
        log: ctx.get(authLogRef),
        href: page.href,
        replaceUrl: page.replace,
      }),
    )
    return stopRestoreCheck
  },
})
