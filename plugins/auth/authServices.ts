/**
 * The auth plugin's own services, declared one by one in its manifest (sessionServices.ts) so the
 * kernel creates them in order and disposes of them when the plugin stops. Private to the plugin:
 * others reach the account layer through `authSessionRef` and the refs in contracts/serviceRefs.ts.
 */
import type { Subscription } from 'rxjs'
import { createServiceRef } from '../../kernel/services/serviceRef'
import type { AgentSession } from './agent/agentSession'
import type { AuthEnvironment } from './authEnvironment'
import type { CustomerService } from './customer/customerService'
import type { AuthLog } from './session/authLog'
import type { ExpiryWarningService } from './session/expiryWarning'
import type { Logout } from './session/logout'
import type { SessionStateHolder } from './session/sessionState'
import type { SignInFlows } from './session/signIn'
import type { AuthStartup } from './session/startup'
import type { TabSyncEcho } from './session/tabSyncEcho'
import type { TokenRefresher } from './tokens/createTokenRefresher'
import type { TabSync } from './tokens/tabSync'
import type { TokenStore } from './tokens/tokenStore'

/** Time, storage, cross-tab lock and channel, the page and the identity provider (authEnvironment.ts). */
export const authEnvironmentRef = createServiceRef<AuthEnvironment>('auth.environment')
/** Account-layer log records with the page's correlation id; the console without the logging plugin. */
export const authLogRef = createServiceRef<AuthLog>('auth.log')
export const tokenStoreRef = createServiceRef<TokenStore>('auth.tokenStore')
export const tabSyncRef = createServiceRef<TabSync>('auth.tabSync')
/** The single-flight refresh; it is also the HTTP client's token port (the manifest's `http`). */
export const tokenRefresherRef = createServiceRef<TokenRefresher>('auth.tokenRefresher')
/** The agent (nobo) session; its rest headers are the manifest's `http.restHeaders`. */
export const agentRef = createServiceRef<AgentSession>('auth.agent')
export const customerRef = createServiceRef<CustomerService>('auth.customer')
export const sessionStateRef = createServiceRef<SessionStateHolder>('auth.sessionState')
/** Keeps the ActiveADUser visitor segment in step with getAdType (customer/adSegment.ts). */
export const adSegmentRef = createServiceRef<Subscription>('auth.adSegment')
export const signInRef = createServiceRef<SignInFlows>('auth.signIn')
export const logoutRef = createServiceRef<Logout>('auth.logout')
export const expiryWarningRef = createServiceRef<ExpiryWarningService>('auth.expiryWarning')
export const tabSyncEchoRef = createServiceRef<TabSyncEcho>('auth.tabSyncEcho')
export const authStartupRef = createServiceRef<AuthStartup>('auth.startup')
