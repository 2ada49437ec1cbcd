import { AUTH_STORAGE } from '../../../contracts/auth'
import type { AgentSession } from '../agent/agentSession'
import type { CustomerService } from '../customer/customerService'
import type { StorageLike } from '../tokens/storage'
import type { AuthLog } from './authLog'
import type { SessionStateHolder } from './sessionState'
import type { SignInFlows } from './signIn'

/** The account layer's start-up calls, begun once its services exist. */
export interface AuthStartup {
  /** Settles when start-up is done: redirect return, agent validation, customer data, customize flow. */
  readonly ready: Promise<void>
  /** A plugin stopped before the calls began makes none. */
  dispose(): void
}

/**
 * What a page view starts with (header spec §4, §6): the identity provider's redirect return, a
 * stored agent session validated, the customer data read, and for `customize=true` a logged-out
 * shopper's recipe set. Begins on the next microtask, once the plugin has installed its token port.
 * Never rejects: a failure is logged with the page's correlation id.
 */
export function startAuthSession(deps: {
  signIn: Pick<SignInFlows, 'completeRedirectLogin'>
  agent: AgentSession
  state: SessionStateHolder
  customer: CustomerService
  session: StorageLike
  /** The page's query when the header started. */
  search: string
  log: AuthLog
}): AuthStartup {
  const { agent, state, customer } = deps
  let stopped = false
  async function startup() {
    if (stopped) return
    const redirected = await deps.signIn.completeRedirectLogin()
    if (deps.session.getItem(AUTH_STORAGE.csAgentId) !== null) await agent.restore()
    state.recompute()
    if (!redirected) await customer.load()
    const customize = new URLSearchParams(deps.search).get('customize') === 'true'
    if (customize && state.value().status === 'anonymous') await customer.generateRecipeSet()
  }
  const ready = Promise.resolve()
    .then(startup)
    .catch((error) => deps.log('AUTH_START_FAILED', `start-up failed: ${String(error)}`, { error }))
  return {
    ready,
    dispose: () => {
      stopped = true
    },
  }
}
