import * as v from 'valibot'
import { TokenResponseSchema } from '../../../contracts/auth'
import type { HttpClient } from '../../../kernel/http/createHttpClient'
import type { AuthSession } from '../authRefs'
import type { AuthLog } from '../session/authLog'

/** The query parameter an agent's tool opens the store with: the customer to act for (header spec §6, §7). */
export const NOBO_CUSTOMER_PARAM = 'noboCustomerId'

const AgentTokensSchema = v.object({
  ...TokenResponseSchema.entries,
  customerId: v.pipe(v.string(), v.minLength(1)),
  csAgentId: v.pipe(v.string(), v.minLength(1)),
})

export interface AgentAutoLoginDeps {
  http: HttpClient
  session: Pick<AuthSession, 'state$'> & {
    startAgentSession(
      tokens: v.InferOutput<typeof TokenResponseSchema>,
      customerId: string,
      csAgentId: string,
    ): Promise<boolean>
  }
  log: AuthLog
  /** The page address; the parameter is removed from it once used. */
  href: () => string
  replaceUrl: (url: string) => void
}

/**
 * Agent auto-login (header spec §7 "GET extractNoboToken | auto-login params | nobo token"): an agent
 * signed in with their own account opens a page with `?noboCustomerId=<id>`; the agent's token buys
 * an agent session for that customer. The parameter is then taken out of the address, so a reload or
 * a shared link does not repeat it. Resolves whether an agent session started.
 */
export async function autoLoginAgent(deps: AgentAutoLoginDeps): Promise<boolean> {
  const url = new URL(deps.href())
  const customerId = url.searchParams.get(NOBO_CUSTOMER_PARAM)?.trim()
  if (!customerId) return false
  url.searchParams.delete(NOBO_CUSTOMER_PARAM)
  deps.replaceUrl(url.toString())
  if (deps.session.state$.value().status !== 'signedIn') {
    deps.log('NOBO_AUTO_LOGIN', 'an agent session needs the agent to be signed in first', {
      logType: 'INFO',
      logCategory: 'LOW',
    })
    return false
  }
  const result = await deps.http.request({
    path: 'extractNoboToken',
    query: { customerId },
    schema: AgentTokensSchema,
    bearer: true,
    refreshOn401: true,
  })
  if (!result.ok) {
    deps.log('NOBO_AUTO_LOGIN', `the agent session for customer ${customerId} was refused`, {
      httpError: result.error,
    })
    return false
  }
  const { customerId: acting, csAgentId, ...tokens } = result.data
  return deps.session.startAgentSession(tokens, acting, csAgentId)
}
