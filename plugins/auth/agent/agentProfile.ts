import { BehaviorSubject } from 'rxjs'
import {
  CUSTOMER_SERVICE_USER_PATH,
  type CustomerServiceUser,
  CustomerServiceUserSchema,
} from '../../../contracts/auth'
import type { HttpClient } from '../../../kernel/http/createHttpClient'
import { createServiceRef } from '../../../kernel/services/serviceRef'
import { type Resource, unexpectedError } from '../../../kernel/state/resource'
import { type StateStream, stateStream } from '../../../kernel/state/stateStream'
import type { AuthLog } from '../session/authLog'

/**
 * The agent behind an agent (nobo) session (header spec §7 "customer-service-user data"): read once
 * per agent session, for the agent's own line in the account menus; forgotten at sign-out. A failure
 * is logged and the line is left out.
 */
export interface AgentProfile {
  readonly state$: StateStream<Resource<CustomerServiceUser>>
  /** Reads it for this agent, unless already read (or being read) for them: a new agent asks again. */
  load(csAgentId: string): void
  reset(): void
}

export const agentProfileRef = createServiceRef<AgentProfile>('auth.agentProfile')

export function createAgentProfile(deps: { http: HttpClient; log: AuthLog }): AgentProfile {
  const state = new BehaviorSubject<Resource<CustomerServiceUser>>({ status: 'idle' })
  let generation = 0
  let askedFor: string | undefined
  return {
    state$: stateStream(state),
    load(csAgentId) {
      if (askedFor === csAgentId && state.getValue().status !== 'idle') return
      askedFor = csAgentId
      const mine = ++generation
      state.next({ status: 'loading' })
      deps.http
        .request({
          path: CUSTOMER_SERVICE_USER_PATH,
          bearer: true,
          refreshOn401: true,
          schema: CustomerServiceUserSchema,
        })
        .then(
          (r) => {
            if (mine !== generation) return
            if (r.ok) return state.next({ status: 'success', data: r.data })
            deps.log('AGENT_PROFILE_FAILED', `customer-service-user data failed: ${r.error.message}`, {
              httpError: r.error,
              logCategory: 'LOW',
            })
            state.next({ status: 'error', error: r.error })
          },
          (error: unknown) => {
            if (mine === generation)
              state.next({ status: 'error', error: unexpectedError(error, CUSTOMER_SERVICE_USER_PATH) })
          },
        )
    },
    reset() {
      generation += 1
      askedFor = undefined
      state.next({ status: 'idle' })
    },
  }
}
