import { useEffect } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { agentProfileRef } from '../agent/agentProfile'
import { authSessionRef } from '../authRefs'
import styles from './auth.module.css'

/**
 * In an agent (nobo) session, who the agent is: "Customer service: Alex Morgan (CSA1001)", from the
 * customer-service-user data (header spec §7), above the account links. Nothing otherwise.
 */
export function AgentLine() {
  const { labels } = useService(headerContextRef)
  const session = useService(authSessionRef)
  const profile = useService(agentProfileRef)
  const state = useStream(session.state$, session.state$.value())
  const result = useStream(profile.state$, profile.state$.value())
  const agentId = state.status === 'signedIn' ? state.agent?.csAgentId : undefined
  useEffect(() => {
    if (agentId) profile.load(agentId)
  }, [agentId, profile])
  // Only this agent's data: another agent's, read earlier in this tab, is never shown.
  if (!agentId || result.status !== 'success' || result.data.csAgentId !== agentId) return null
  const { firstName, lastName, csAgentId } = result.data
  const name = [firstName, lastName].filter(Boolean).join(' ')
  return (
    <p className={styles.agentLine}>
      {labels['header.agent.line'].replace('{name}', name).replace('{csAgentId}', csAgentId)}
    </p>
  )
}
