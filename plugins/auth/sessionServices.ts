import { loggerRef } from '../../contracts/serviceRefs'
import { busRef, cookiesRef, headerContextRef, httpRef } from '../../kernel/services/kernelRefs'
import { optional, type ProvidingPlugin, provide } from '../../kernel/services/serviceRef'
import { browserVisitorStore } from '../../site/visitorProfile'
import { createAgentSession } from './agent/agentSession'
import { authCore, authCoreDeps } from './authCoreServices'
import { authEnvironment } from './authEnvironment'
import type { AuthOptions } from './authOptions'
import {
  adSegmentRef,
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
  tabSyncRef,
  tokenRefresherRef,
  tokenStoreRef,
} from './authServices'
import { keepCustomerSegments } from './customer/adSegment'
import { createCustomerService } from './customer/customerService'
import { createAuthLog } from './session/authLog'
import { createExpiryWarning } from './session/expiryWarning'
import { createLogout } from './session/logout'
import { createSessionState } from './session/sessionState'
import { createSignIn } from './session/signIn'
import { startAuthSession } from './session/startup'
import { createTabSyncEcho } from './session/tabSyncEcho'
import { createTokenRefresher } from './tokens/createTokenRefresher'
import { createTabSync } from './tokens/tabSync'
import { createTokenStore } from './tokens/tokenStore'

/** The clean-up of a service that has its own `dispose()`. */
const disposable = { dispose: (service: { dispose(): void }) => service.dispose() }

/**
 * The account layer (header spec §3–§9) as the services the auth manifest declares, each
 * after the ones it needs (the kernel creates them in this order and disposes of them in reverse):
 * tokens and their single-flight refresh, tab sync, agent sessions, customer data and cart count,
 * the session state, login, sign-up and logout, the session-expiry schedule and start-up.
 */
export const sessionServices = [
  provide(authEnvironmentRef, { context: headerContextRef }, ({ context }) => authEnvironment(context)),
  provide(authLogRef, { context: headerContextRef, logger: optional(loggerRef) }, ({ context, logger }) =>
    createAuthLog(logger, context.correlationId),
  ),
  provide(
    tokenStoreRef,
    { cookies: cookiesRef, context: headerContextRef, env: authEnvironmentRef },
    ({ cookies, context, env }) =>
      createTokenStore({
        cookies,
        session: env.session,
        local: env.local,
        config: () => context.siteConfig,
        now: env.now,
      }),
  ),
  provide(
    tabSyncRef,
    { env: authEnvironmentRef, log: authLogRef },
    ({ env, log }) =>
      createTabSync({
        locks: env.locks,
        channel: env.broadcastChannel,
        onProblem: (message, error) => log('AUTH_TAB_SYNC', message, { error, logCategory: 'LOW' }),
      }),
    disposable,
  ),
  provide(
    agentRef,
    { http: httpRef, cookies: cookiesRef, store: tokenStoreRef, env: authEnvironmentRef, log: authLogRef },
    ({ env, ...deps }) => createAgentSession({ ...deps, session: env.session }),
    disposable,
  ),
  provide(
    customerRef,
    {
      http: httpRef,
      cookies: cookiesRef,
      context: headerContextRef,
      store: tokenStoreRef,
      agent: agentRef,
      env: authEnvironmentRef,
      log: authLogRef,
    },
    ({ http, cookies, context, store, agent, env, log }, { options }: ProvidingPlugin<AuthOptions>) =>
      createCustomerService({
        http,
        cookies,
        lang: context.lang,
        loggedInUserCookies: options.loggedInUserCookies,
        siteConfig: () => context.siteConfig,
        session: env.session,
        log,
        scheduler: env.scheduler,
        viewer: () => {
          if (!store.hasSession()) return { segment: 'anonymous', bearer: false }
          const acting = agent.agent$.value()
          return { segment: acting ? acting.customerId : 'current', bearer: true }
        },
      }),
    disposable,
  ),
  provide(
    sessionStateRef,
    { store: tokenStoreRef, agent: agentRef, customer: customerRef, cookies: cookiesRef },
    createSessionState,
    disposable,
  ),
  provide(
    tokenRefresherRef,
    {
      store: tokenStoreRef,
      http: httpRef,
      sync: tabSyncRef,
      state: sessionStateRef,
      context: headerContextRef,
      env: authEnvironmentRef,
      log: authLogRef,
    },
    ({ store, http, sync, state, context, env, log }) =>
      createTokenRefresher({
        store,
        http,
        sync,
        clientId: () => context.siteConfig.authClientId,
        rotateWithinSeconds: () => context.siteConfig.rotateTokenExpirySeconds,
        log,
        scheduler: env.scheduler,
        onRefreshed: () => {
          state.recompute()
          state.recheck$.next()
        },
        onSessionEnded: () => state.forget({ reload: true }),
        onNoSession: () => state.recompute(),
      }),
  ),
  provide(
    adSegmentRef,
    { customer: customerRef, agent: agentRef, cookies: cookiesRef, state: sessionStateRef, bus: busRef },
    ({ customer, agent, cookies, state, bus }, plugin) =>
      keepCustomerSegments({
        adType$: customer.adType$,
        state$: state.state$,
        isAgent: () => agent.isAgent(),
        store: browserVisitorStore(cookies, (segmentCodes) =>
          bus.emit('visitor:segmentsChanged', { segmentCodes }, plugin.pluginId),
        ),
        removeCookie: (name) => cookies.remove(name),
      }),
    { dispose: (subscription) => subscription.unsubscribe() },
  ),
  provide(signInRef, authCoreDeps, (deps, plugin) => createSignIn(authCore(deps, plugin))),
  provide(logoutRef, authCoreDeps, (deps, plugin) => createLogout(authCore(deps, plugin))),
  provide(
    expiryWarningRef,
    {
      state: sessionStateRef,
      store: tokenStoreRef,
      context: headerContextRef,
      env: authEnvironmentRef,
      log: authLogRef,
    },
    ({ state, store, context, env, log }) =>
      createExpiryWarning({
        state,
        store,
        siteConfig: () => context.siteConfig,
        now: env.now,
        scheduler: env.scheduler,
        log,
      }),
    disposable,
  ),
  provide(
    tabSyncEchoRef,
    { sync: tabSyncRef, store: tokenStoreRef, state: sessionStateRef, customer: customerRef, bus: busRef },
    (deps, { pluginId }) => createTabSyncEcho({ ...deps, pluginId }),
    disposable,
  ),
  provide(
    authStartupRef,
    {
      signIn: signInRef,
      agent: agentRef,
      state: sessionStateRef,
      customer: customerRef,
      context: headerContextRef,
      env: authEnvironmentRef,
      log: authLogRef,
    },
    ({ context, env, ...deps }) =>
      startAuthSession({ ...deps, session: env.session, search: context.location.search }),
    disposable,
  ),
]
