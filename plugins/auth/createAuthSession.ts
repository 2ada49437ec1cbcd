import { asyncScheduler, BehaviorSubject, distinctUntilChanged, type SchedulerLike, tap } from 'rxjs'
import { AUTH_STORAGE, type TokenResponse } from '../../contracts/auth'
import type { Logger } from '../../contracts/serviceRefs'
import type { EventBus } from '../../kernel/bus/createEventBus'
import type { CookieWriter } from '../../kernel/config/cookieWriter'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import type { TokenPort } from '../../kernel/http/tokenPort'
import type { HeaderContext } from '../../kernel/services/kernelRefs'
import { stateStream } from '../../kernel/state/stateStream'
import { createAgentSession } from './agent/agentSession'
import type { AuthSession, ExpiryWarning, IdentityPort } from './authRefs'
import { keepAdSegment } from './customer/adSegment'
import { createCustomerService } from './customer/customerService'
import type { AuthCore } from './session/authCore'
import { createAuthLog } from './session/authLog'
import { expiryChecks, sameWarning } from './session/expiryWatch'
import { createLogout } from './session/logout'
import { browserPage, type PageAccess } from './session/page'
import { createSessionState } from './session/sessionState'
import { createSignIn } from './session/signIn'
import { createTokenRefresher } from './tokens/createTokenRefresher'
import { pageStorage, type StorageLike } from './tokens/storage'
import { type BroadcastChannelLike, createTabSync, type LockManagerLike } from './tokens/tabSync'
import { createTokenStore } from './tokens/tokenStore'

/** The source of a `logout` event that repeats another tab's logout in this one. */
export const OTHER_TAB_SOURCE = 'auth.otherTab'

export interface AuthSessionDeps {
  http: HttpClient
  bus: EventBus
  cookies: CookieWriter
  context: HeaderContext
  identity: IdentityPort
  /** The logging plugin's logger; undefined when logging is switched off for the brand. */
  logger?: Logger
  /** Whether the brand's store sets logged-in cookies after login (auth option, §7). */
  loggedInUserCookies?: boolean
  scheduler?: SchedulerLike
  /** Epoch ms; the scheduler's clock by default. */
  now?: () => number
  /** The page's session and local storage by default. */
  storage?: { session?: StorageLike; local?: StorageLike }
  /** `navigator.locks` by default; null: no cross-tab lock. */
  locks?: LockManagerLike | null
  /** `new BroadcastChannel(name)` by default; null: no cross-tab news. */
  broadcastChannel?: ((name: string) => BroadcastChannelLike) | null
  /** `window.location` and `history` by default. */
  page?: PageAccess
  /** The id events are emitted and handlers registered under; 'auth' by default. */
  pluginId?: string
}

/**
 * The session service plus what the plugin's manifest declares to the kernel: the token port and the
 * agent headers (its `http` contribution), the agent flag, the bus events it handles, disposal.
 */
export interface RunningAuthSession extends AuthSession {
  /** The HTTP client's token port; the manifest's `http.tokenPort` hands it to the kernel. */
  readonly tokenPort: TokenPort & { isRefreshing(): boolean }
  /** The agent's rest/v2 headers (§6); the manifest's `http.restHeaders`. */
  restHeaders(): Record<string, string>
  /** Whether an agent (nobo) session is active (§6): provide it as `agentSessionRef`. */
  isAgent(): boolean
  /** `rotateToken` (§4): refresh now, unless a refresh already runs or there is no session. */
  rotateToken(): void
  /** `logout` from any source: this tab's own sign-out ends the chance to echo another tab's. */
  loggedOut(source: string): void
  /** `updateCart`: read the cart count again 3 s later (§4). */
  cartChanged(): void
  /** Starts an agent session (extractNoboToken's answer): tokens stored, then validated (§6). */
  startAgentSession(tokens: TokenResponse, customerId: string, csAgentId: string): Promise<boolean>
  /** Settles when start-up is done: redirect return, agent validation, customer data, customize flow. */
  readonly ready: Promise<void>
  dispose(): void
}

/**
 * The account layer (header spec §3–§9, issue 4) composed: tokens and their single-flight refresh,
 * tab sync, agent sessions, customer data and cart count, the session-expiry schedule, login,
 * sign-up and logout. Installs its token port on `http` at once; start-up calls begin on the next
 * microtask. Never throws: every failure is logged with the page's correlation id.
 */
export function createAuthSession(deps: AuthSessionDeps): RunningAuthSession {
  const { http, bus, cookies, context } = deps
  const pluginId = deps.pluginId ?? 'auth'
  const scheduler = deps.scheduler ?? asyncScheduler
  const now = deps.now ?? (() => scheduler.now())
  const log = createAuthLog(deps.logger, context.correlationId)
  const session = deps.storage?.session ?? pageStorage('sessionStorage')
  const local = deps.storage?.local ?? pageStorage('localStorage')
  const config = () => context.siteConfig

  const store = createTokenStore({ cookies, session, local, config, now })
  const sync = createTabSync({
    locks: deps.locks,
    channel: deps.broadcastChannel,
    onProblem: (message, error) => log('AUTH_TAB_SYNC', message, { error, logCategory: 'LOW' }),
  })
  const refresher = createTokenRefresher({
    store,
    http,
    sync,
    clientId: () => config().authClientId,
    rotateWithinSeconds: () => config().rotateTokenExpirySeconds,
    log,
    scheduler,
    onRefreshed: () => {
      state.recompute()
      state.recheck$.next()
    },
    onSessionEnded: () => state.forget({ reload: true }),
    onNoSession: () => state.recompute(),
  })
  const agent = createAgentSession({ http, cookies, store, session, log })
  const customer = createCustomerService({
    http,
    cookies,
    lang: context.lang,
    loggedInUserCookies: deps.loggedInUserCookies ?? false,
    siteConfig: config,
    session,
    log,
    scheduler,
    viewer: () => {
      if (!store.hasSession()) return { segment: 'anonymous', bearer: false }
      const acting = agent.agent$.value()
      return { segment: acting ? acting.customerId : 'current', bearer: true }
    },
  })
  const state = createSessionState({ store, agent, customer, cookies })
  const adSegment = keepAdSegment(customer.adType$, () => agent.isAgent(), cookies)
  const page = deps.page ?? browserPage()
  const identity = deps.identity
  const core: AuthCore = {
    http,
    bus,
    context,
    identity,
    page,
    store,
    sync,
    agent,
    customer,
    state,
    local,
    log,
    now,
    pluginId,
  }
  const { completeRedirectLogin, ...signInFlows } = createSignIn(core)
  const logout = createLogout(core)

  const warning = new BehaviorSubject<ExpiryWarning>({ show: false })
  const watch = expiryChecks({
    state$: state.state$,
    enabled: () => config().sessionModalEnabled,
    leadMinutes: () => config().sessionWarningLeadMinutes,
    expiresAt: () => store.sessionExpiresAt(),
    hasSession: () => store.hasSession(),
    now,
    recheck$: state.recheck$,
    scheduler,
    log,
  })
    // Each check also notices a session whose cookies expired since the last one.
    .pipe(tap(state.recompute), distinctUntilChanged(sameWarning))
    .subscribe((w) => warning.next(w))

  /** True while this tab repeats another tab's logout as its own `logout` event. */
  let echoing = false
  // Whether this tab has had a signed-in session since it last announced a sign-out: another tab's
  // logout is echoed once, even when this tab's own cookie check noticed the sign-out first.
  let signedInSinceLogout = false
  const seenSignedIn = state.state$.subscribe((s) => {
    if (s.status === 'signedIn') signedInSinceLogout = true
  })
  const offTabs = sync.onMessage((message) => {
    if (message.type === 'refreshed') {
      // Another tab refreshed or signed in: the cookies say how things stand now.
      const wasAnonymous = state.value().status === 'anonymous'
      state.recompute()
      state.recheck$.next()
      if (wasAnonymous && state.value().status === 'signedIn') void customer.load()
      return
    }
    store.clear()
    state.forget({ reload: true })
    // Tabs log out together; only the tab the shopper used leaves for the identity provider, so a
    // `logout` handler calling `logout()` back while this tab echoes the event changes nothing.
    if (message.reason !== 'logout' || !signedInSinceLogout) return
    signedInSinceLogout = false
    echoing = true
    try {
      // Its own source, so analytics can count the shopper's one logout rather than one per tab.
      bus.emit(
        'logout',
        message.referrer === undefined ? {} : { referrer: message.referrer },
        OTHER_TAB_SOURCE,
      )
    } finally {
      echoing = false
    }
  })

  async function startup() {
    const redirected = await completeRedirectLogin()
    if (session.getItem(AUTH_STORAGE.csAgentId) !== null) await agent.restore()
    state.recompute()
    if (!redirected) await customer.load()
    const customize = new URLSearchParams(context.location.search).get('customize') === 'true'
    if (customize && state.value().status === 'anonymous') await customer.generateRecipeSet()
  }
  const ready = Promise.resolve()
    .then(startup)
    .catch((error) => log('AUTH_START_FAILED', `start-up failed: ${String(error)}`, { error }))

  return {
    state$: state.state$,
    customer$: customer.customer$,
    cartCount$: customer.cartCount$,
    expiryWarning$: stateStream(warning),
    tokenPort: refresher,
    restHeaders: () => agent.restHeaders(),
    isAgent: () => agent.isAgent(),
    rotateToken() {
      // §4: guarded by the flag; a refresh already running does the rotation.
      if (refresher.isRefreshing() || store.refreshToken() === undefined) return
      void refresher.refreshNow()
    },
    loggedOut(source) {
      if (source === pluginId) signedInSinceLogout = false
    },
    cartChanged: () => customer.cartChanged(),
    ready,
    ...signInFlows,
    logout: (options) => (echoing ? Promise.resolve() : logout(options)),
    async staySignedIn() {
      const outcome = await refresher.refreshNow()
      state.recompute()
      state.recheck$.next()
      return outcome !== 'ended' && state.value().status === 'signedIn'
    },
    async startAgentSession(tokens, customerId, csAgentId) {
      const acting = await agent.start(tokens, customerId, csAgentId)
      state.recompute()
      await customer.load()
      if (acting) bus.emit('auth:signedIn', { customerId: acting.customerId, source: 'agent' }, pluginId)
      return acting !== null
    },
    dispose() {
      adSegment.unsubscribe()
      watch.unsubscribe()
      seenSignedIn.unsubscribe()
      offTabs()
      state.dispose()
      customer.dispose()
      agent.dispose()
      sync.dispose()
    },
  }
}
