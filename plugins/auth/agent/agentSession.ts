import { BehaviorSubject } from 'rxjs'
import { AUTH_COOKIES, AUTH_STORAGE, NoboSessionSchema, type TokenResponse } from '../../../contracts/auth'
import type { CookieWriter } from '../../../kernel/config/cookieWriter'
import type { HttpClient } from '../../../kernel/http/createHttpClient'
import type { StateStream } from '../../../kernel/state/stateStream'
import { stateStream } from '../../../kernel/state/stateStream'
import type { AuthLog } from '../session/authLog'
import type { StorageLike } from '../tokens/storage'
import type { TokenStore } from '../tokens/tokenStore'

/** An agent (nobo) acting for a customer (header spec §6). */
export interface Agent {
  customerId: string
  csAgentId: string
}

export interface AgentSessionDeps {
  http: HttpClient
  cookies: CookieWriter
  store: TokenStore
  session: StorageLike
  log: AuthLog
}

export interface AgentSession {
  readonly agent$: StateStream<Agent | null>
  /** True while an agent session is active, or being validated from session storage (header spec §6 detection). */
  isAgent(): boolean
  /** Validates the agent ids in session storage through GET /api/auth/nobo (header spec §4 "Nobo"). */
  restore(): Promise<Agent | null>
  /** Starts an agent session from an agent login (extractNoboToken, `?noboToken=`), then validates it. */
  start(tokens: TokenResponse, customerId: string, csAgentId: string): Promise<Agent | null>
  /** Forgets the agent: session storage, the agent cookies, the headers (header spec §4 "agent data is cleared"). */
  clear(): void
  /**
   * The headers every rest/v2 call carries while the agent acts (header spec §6): `customerId` and `csAgentId`,
   * none otherwise. The plugin declares them as its `http.restHeaders`; the kernel asks per call.
   */
  restHeaders(): Record<string, string>
  dispose(): void
}

/**
 * Agent sessions (header spec §4, §6): validation sets the agent with customerId and csAgentId from
 * session storage; while it lasts every rest/v2 call carries `customerId` and `csAgentId` headers.
 * The agent-id cookie is written only if allowed, and removed when not (header spec §5).
 */
export function createAgentSession(deps: AgentSessionDeps): AgentSession {
  const { http, cookies, session, log } = deps
  const agent = new BehaviorSubject<Agent | null>(null)
  let validating = false

  const stored = (): Agent | null => {
    const customerId = session.getItem(AUTH_STORAGE.noboCustomerId)
    const csAgentId = session.getItem(AUTH_STORAGE.csAgentId)
    return customerId && csAgentId ? { customerId, csAgentId } : null
  }

  const writeCookies = (current: Agent) => {
    if (cookies.isAllowed(AUTH_COOKIES.csAgentId)) cookies.set(AUTH_COOKIES.csAgentId, current.csAgentId)
    else cookies.remove(AUTH_COOKIES.csAgentId)
    if (cookies.isAllowed(AUTH_COOKIES.noboSession)) cookies.set(AUTH_COOKIES.noboSession, 'true')
  }

  const clear = () => {
    session.removeItem(AUTH_STORAGE.noboCustomerId)
    session.removeItem(AUTH_STORAGE.csAgentId)
    cookies.remove(AUTH_COOKIES.csAgentId)
    cookies.remove(AUTH_COOKIES.noboSession)
    if (agent.getValue() !== null) agent.next(null)
  }

  async function restore(): Promise<Agent | null> {
    const candidate = stored()
    if (!candidate) {
      if (agent.getValue() !== null) agent.next(null)
      return null
    }
    if (!deps.store.hasSession()) {
      clear()
      return null
    }
    validating = true
    try {
      const r = await http.request({
        path: '/api/auth/nobo',
        bearer: true,
        refreshOn401: true,
        schema: NoboSessionSchema,
      })
      if (!r.ok) {
        // Unknown, not refused: the ids stay for the next page, but no agent headers go out meanwhile.
        log('NOBO_VALIDATION_FAILED', `the agent session could not be validated: ${r.error.message}`, {
          httpError: r.error,
        })
        return null
      }
      if (!r.data.isNoboUser) {
        log('NOBO_REFUSED', 'the agent session was refused; agent data and its tokens cleared', {
          logCategory: 'LOW',
        })
        // The tokens are the agent's: without the agent the session is over, rather
        // than the customer it acted for appearing signed in.
        clear()
        deps.store.clear()
        return null
      }
      // Header spec §4: customerId and csAgentId are taken from session storage.
      const current = stored() ?? candidate
      writeCookies(current)
      agent.next(current)
      return current
    } finally {
      validating = false
    }
  }

  return {
    agent$: stateStream(agent),
    isAgent: () => agent.getValue() !== null || (validating && stored() !== null),
    restore,
    async start(tokens, customerId, csAgentId) {
      session.setItem(AUTH_STORAGE.noboCustomerId, customerId)
      session.setItem(AUTH_STORAGE.csAgentId, csAgentId)
      deps.store.save(tokens, { nobo: true, source: 'password', customerId })
      return restore()
    },
    clear,
    restHeaders: (): Record<string, string> => {
      const current = agent.getValue()
      return current ? { customerId: current.customerId, csAgentId: current.csAgentId } : {}
    },
    dispose: () => agent.complete(),
  }
}
