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
  const agent = state.status === 'signedIn' && state.agent !== null
  useEffect(() => {
    if (agent) profile.load()
    else profile.reset()
  }, [agent, profile])
  if (!agent || result.status !== 'success') return null
  const { firstName, lastName, csAgentId } = result.data
  const name = [firstName, lastName].filter(Boolean).join(' ')
  return (
    <p className={styles.agentLine}>
      {labels['header.agent.line'].replace('{name}', name).replace('{csAgentId}', csAgentId)}
    </p>
  )
}
