import type { EventBus } from '../../../kernel/bus/createEventBus'
import type { HttpClient } from '../../../kernel/http/createHttpClient'
import type { HeaderContext } from '../../../kernel/services/kernelRefs'
import type { AgentSession } from '../agent/agentSession'
import type { IdentityPort } from '../authRefs'
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
