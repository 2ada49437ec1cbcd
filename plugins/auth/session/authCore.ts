import type { EventBus } from '../../../kernel/bus/createEventBus'
import type { HttpClient } from '../../../kernel/http/createHttpClient'
import { busRef, type HeaderContext, headerContextRef, httpRef } from '../../../kernel/services/kernelRefs'
import type { ProvidingPlugin, ResolvedDeps } from '../../../kernel/services/serviceRef'
import type { AgentSession } from '../agent/agentSession'
import type { IdentityPort } from '../authRefs'
import {
  agentRef,
  authEnvironmentRef,
  authLogRef,
  customerRef,
  sessionStateRef,
  tabSyncRef,
  tokenStoreRef,
} from '../authServices'
import type { CustomerService } from '../customer/customerService'
import type { StorageLike } from '../tokens/storage'
import type { TabSync } from '../tokens/tabSync'
import type { TokenStore } from '../tokens/tokenStore'
import type { AuthLog } from './authLog'
import type { PageAccess } from './page'
import type { SessionStateHolder } from './sessionState'

/** The parts of a running session that the sign-in and logout flows share. */
export interface AuthCore {
  http: HttpClient
  bus: EventBus
  context: HeaderContext
  identity: IdentityPort
  page: PageAccess
  store: TokenStore
  sync: TabSync
  agent: AgentSession
  customer: CustomerService
  state: SessionStateHolder
  local: StorageLike
  log: AuthLog
  now: () => number
  /** The id events are emitted under ('auth'). */
  pluginId: string
}

/** The services sign-in and logout are declared with (sessionServices.ts). */
export const authCoreDeps = {
  http: httpRef,
  bus: busRef,
  context: headerContextRef,
  env: authEnvironmentRef,
  store: tokenStoreRef,
  sync: tabSyncRef,
  agent: agentRef,
  customer: customerRef,
  state: sessionStateRef,
  log: authLogRef,
}

/** The core from those services: the browser's parts from the environment, events under the plugin's id. */
export function authCore(
  { env, ...deps }: ResolvedDeps<typeof authCoreDeps>,
  plugin: ProvidingPlugin,
): AuthCore {
  return {
    ...deps,
    identity: env.identity,
    page: env.page,
    local: env.local,
    now: env.now,
    pluginId: plugin.pluginId,
  }
}
