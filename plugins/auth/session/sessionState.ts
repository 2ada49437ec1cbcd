import { BehaviorSubject, Subject } from 'rxjs'
import { AUTH_COOKIES } from '../../../contracts/auth'
import type { CookieWriter } from '../../../kernel/config/cookieWriter'
import { dataOf } from '../../../kernel/state/resource'
import type { StateStream } from '../../../kernel/state/stateStream'
import { stateStream } from '../../../kernel/state/stateStream'
import type { AgentSession } from '../agent/agentSession'
import type { SessionState } from '../authRefs'
import type { CustomerService } from '../customer/customerService'
import type { TokenStore } from '../tokens/tokenStore'

const ANONYMOUS: SessionState = { status: 'anonymous' }

/** Who is signed in, derived again whenever tokens, agent or customer data change. */
export interface SessionStateHolder {
  readonly state$: StateStream<SessionState>
  value(): SessionState
  /** Derives the state from cookies and memory; emits only when it changed. */
  recompute(): void
  /** Asks the expiry schedule to check now (after a refresh, a login, a logout). */
  readonly recheck$: Subject<void>
  /** The session is over in this tab: agent and customer forgotten; `reload` reads anonymous data. */
  forget(options: { reload: boolean }): void
  dispose(): void
}

/**
 * Signed in or not (header spec §4): token validity (header spec §5) plus customer state. First name from
 * customer data, else the first-name cookie; the customer is the one an agent acts for, if any.
 */
export function createSessionState(deps: {
  store: TokenStore
  agent: AgentSession
  customer: CustomerService
  cookies: CookieWriter
}): SessionStateHolder {
  const { store, agent, customer, cookies } = deps
  const compute = (): SessionState => {
    if (!store.hasSession()) return ANONYMOUS
    const acting = agent.agent$.value()
    const data = dataOf(customer.customer$.value())
    const known = data?.isLoggedIn ? data : undefined
    return {
      status: 'signedIn',
      firstName: known?.firstName || cookies.get(AUTH_COOKIES.customerFirstName) || '',
      customerId: acting?.customerId || known?.customerID || store.customerId() || '',
      agent: acting ? { csAgentId: acting.csAgentId } : null,
      sessionExpiresAt: store.sessionExpiresAt() ?? 0,
    }
  }
  const state = new BehaviorSubject<SessionState>(compute())
  const recheck$ = new Subject<void>()
  const publish = () => {
    const next = compute()
    if (JSON.stringify(next) !== JSON.stringify(state.getValue())) state.next(next)
  }
  /**
   * The one way a session ends in this tab, however it ended (sign-out here or in another
   * tab, the session running out, a refused refresh, the agent's session cleared): agent and
   * customer forgotten — cart count 0, auto-delivery type gone — then, with `reload`, the anonymous
   * shopper's data read. Re-entrant calls (the agent and customer streams answering) do nothing.
   */
  let ending = false
  const end = (reload: boolean) => {
    if (ending) return
    ending = true
    try {
      agent.clear()
      customer.reset()
      publish()
      recheck$.next()
    } finally {
      ending = false
    }
    if (reload) void customer.load()
  }
  const recompute = () => {
    if (ending) return
    const before = state.getValue()
    const next = compute()
    if (before.status === 'signedIn') {
      // The agent's session was cleared (refused, or ended elsewhere) while its tokens remain: the
      // tokens are the agent's, so the session is over, not handed to the customer it acted for.
      const agentGone = before.agent !== null && next.status === 'signedIn' && next.agent === null
      if (agentGone) store.clear()
      if (agentGone || next.status === 'anonymous') return end(true)
    }
    if (JSON.stringify(next) !== JSON.stringify(before)) state.next(next)
  }
  const subscriptions = [customer.customer$.subscribe(recompute), agent.agent$.subscribe(recompute)]
  return {
    state$: stateStream(state),
    value: () => state.getValue(),
    recompute,
    recheck$,
    forget: ({ reload }) => end(reload),
    dispose() {
      for (const s of subscriptions) s.unsubscribe()
      recheck$.complete()
    },
  }
}
