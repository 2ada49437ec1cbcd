import type { LogRecord } from '../../contracts/logRecord'
import type { LogSink } from './createLogger'
import type { MonitoringAgentApi } from './monitoringAgent'

/** Agents take flat attributes: `userContext.deviceType`, `details.message`… */
export function flatten(
  value: Record<string, unknown>,
  prefix = '',
): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {}
  for (const [key, v] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key
    if (v && typeof v === 'object' && !Array.isArray(v))
      Object.assign(out, flatten(v as Record<string, unknown>, name))
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[name] = v
    else if (v !== undefined && v !== null) out[name] = JSON.stringify(v)
  }
  return out
}

/**
 * Errors and API failures go to the agent as custom errors, INFO and DEBUG as business events; the
 * shopper is identified once their customer id is known.
 */
export function agentSink(agent: MonitoringAgentApi): LogSink {
  let identified = ''
  return (record: LogRecord) => {
    if (record.customerId !== identified) {
      identified = record.customerId
      agent.setUserId(record.customerId)
    }
    const attributes = flatten(record as unknown as Record<string, unknown>)
    if (record.logType === 'INFO' || record.logType === 'DEBUG')
      agent.addPageAction('oneHeaderLog', attributes)
    else agent.noticeError(new Error(record.details.message || record.eventType), attributes)
  }
}
