import { flattenRecord, type LogRecord } from '../../contracts/logRecord'
import type { LogSink } from './createLogger'
import type { MonitoringAgentApi } from './monitoringAgent'

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
    // The logger has scrubbed the record: the session cookie and secrets never reach the agent.
    const attributes = flattenRecord(record as unknown as Record<string, unknown>)
    if (record.logType === 'INFO' || record.logType === 'DEBUG')
      agent.addPageAction('oneHeaderLog', attributes)
    else agent.noticeError(new Error(record.details.message || record.eventType), attributes)
  }
}
