import type { AuthServices, IssuedTokens, TokenLifetimes, UserRecord } from './authTypes'

/**
 * An agent (nobo) session for `customer`: the tokens, plus the customer the agent acts for and the
 * agent's id, which the header keeps in session storage and sends as headers (header spec §6). Both
 * agent sign-ins (`/api/auth/nobo/login`, `extractNoboToken`) answer with this.
 */
export async function issueAgentTokens(
  auth: AuthServices,
  agent: UserRecord,
  customer: UserRecord,
  opts: { clientId: string; lifetimes?: Partial<TokenLifetimes> },
): Promise<IssuedTokens & { customerId: string; csAgentId: string }> {
  const tokens = await auth.tokens.issue(agent, { ...opts, actingFor: customer })
  return { ...tokens, customerId: customer.customerId, csAgentId: agent.customerId }
}
