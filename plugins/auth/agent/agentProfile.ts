import {
  CUSTOMER_SERVICE_USER_PATH,
  type CustomerServiceUser,
  CustomerServiceUserSchema,
} from '../../../contracts/auth'
import type { HttpClient } from '../../../kernel/http/createHttpClient'
import { createServiceRef } from '../../../kernel/services/serviceRef'
import { onDemand, type Resource } from '../../../kernel/state/resource'
import type { StateStream } from '../../../kernel/state/stateStream'
import type { AuthLog } from '../session/authLog'

/**
 * The agent behind an agent (nobo) session (header spec §7 "customer-service-user data"): read once
 * per agent (another agent in the same tab asks again), for the agent's own line in the account menus. A failure
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
  return onDemand<CustomerServiceUser, string>(async () => {
    const r = await deps.http.request({
      path: CUSTOMER_SERVICE_USER_PATH,
      bearer: true,
      refreshOn401: true,
      schema: CustomerServiceUserSchema,
    })
    if (r.ok) return { status: 'success', data: r.data }
    deps.log('AGENT_PROFILE_FAILED', `customer-service-user data failed: ${r.error.message}`, {
      httpError: r.error,
      logCategory: 'LOW',
    })
    return { status: 'error', error: r.error }
  }, CUSTOMER_SERVICE_USER_PATH)
}
