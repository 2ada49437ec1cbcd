import type { Consent } from '../../kernel/consent/consentStore'
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
 *
 * The agent is a third-party tracker of the visitor's session, an analytical purpose (c1, nav spec
 * Navigation spec §4): a call made while analytical is denied is dropped, and a queued one is delivered only if
 * analytical stayed allowed since it was made, so a denial stops it at once and for good.
 */
export function createMonitoringAgent(
  find: () => MonitoringAgentApi | undefined = () =>
    (window as Window & { newrelic?: MonitoringAgentApi }).newrelic,
  opts: {
    onError?: (error: unknown) => void
    consent?: Pick<Consent, 'allows' | 'allowedThroughout'>
    now?: () => number
  } = {},
): MonitoringAgentApi & { pending(): number; stop(): void } {
  const now = opts.now ?? Date.now
  const queue: { call: Call; at: number }[] = []
  const allowedSince = (at: number) => opts.consent?.allowedThroughout('analytical', at) ?? true
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
    for (const { call, at } of queue.splice(0)) if (allowedSince(at)) deliver(agent, call)
    return true
  }
  const waiting = pollUntil(() => flush(), POLL_MS, { maxChecks: MAX_CHECKS }).subscribe()
  const call = (c: Call) => {
    if (opts.consent && !opts.consent.allows('analytical')) return
    const agent = find()
    if (agent) {
      flush()
      deliver(agent, c)
      return
    }
    if (queue.length >= MAX_QUEUED) queue.shift()
    queue.push({ call: c, at: now() })
  }
  return {
    noticeError: (...args) => call(['noticeError', args]),
    setUserId: (...args) => call(['setUserId', args]),
    addPageAction: (...args) => call(['addPageAction', args]),
    pending: () => queue.filter(({ at }) => allowedSince(at)).length,
    stop: () => waiting.unsubscribe(),
  }
}
