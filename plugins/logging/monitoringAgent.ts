import { pollUntil } from '../../kernel/streams/streams'

/** The calls of a New Relic-style browser agent the header uses. */
export interface MonitoringAgentApi {
  noticeError(error: Error | string, customAttributes?: Record<string, unknown>): void
  setUserId(value: string | null): void
  addPageAction(name: string, attributes?: Record<string, unknown>): void
}

type Call = {
  [K in keyof MonitoringAgentApi]: [K, Parameters<MonitoringAgentApi[K]>]
}[keyof MonitoringAgentApi]

/** Checked every 100 ms for a minute: the agent script loads on its own schedule. */
const POLL_MS = 100
const MAX_CHECKS = 600
const MAX_QUEUED = 100

/**
 * An adapter that forwards to `window.newrelic` once it exists and queues until then (bounded, oldest
 * dropped). Never throws: a broken agent must not break the header.
 */
export function createMonitoringAgent(
  find: () => MonitoringAgentApi | undefined = () =>
    (window as Window & { newrelic?: MonitoringAgentApi }).newrelic,
  opts: { onError?: (error: unknown) => void } = {},
): MonitoringAgentApi & { pending(): number; stop(): void } {
  const queue: Call[] = []
  const deliver = (agent: MonitoringAgentApi, [method, args]: Call) => {
    try {
      ;(agent[method] as (...a: unknown[]) => void)(...args)
    } catch (error) {
      opts.onError?.(error)
    }
  }
  const flush = () => {
    const agent = find()
    if (!agent) return false
    for (const call of queue.splice(0)) deliver(agent, call)
    return true
  }
  const waiting = pollUntil(() => flush(), POLL_MS, { maxChecks: MAX_CHECKS }).subscribe()
  const call = (c: Call) => {
    const agent = find()
    if (agent) {
      flush()
      deliver(agent, c)
      return
    }
    if (queue.length >= MAX_QUEUED) queue.shift()
    queue.push(c)
  }
  return {
    noticeError: (...args) => call(['noticeError', args]),
    setUserId: (...args) => call(['setUserId', args]),
    addPageAction: (...args) => call(['addPageAction', args]),
    pending: () => queue.length,
    stop: () => waiting.unsubscribe(),
  }
}
