import type { LogCategory, LogType } from '../../contracts/logRecord'
import type { Logger } from '../../contracts/serviceRefs'
import type { HttpError } from '../http/httpError'

/** Writes one of a plugin's problems with the page's correlation id (and the call's, for HTTP errors). */
export type PluginLog = (
  eventType: string,
  message: string,
  extra?: { error?: unknown; httpError?: HttpError; logType?: LogType; logCategory?: LogCategory },
) => void

/**
 * A plugin's log: through the logging plugin when it runs, otherwise to the console, so nothing
 * fails silently (an error names the plugin, the thing and the fix). Each message starts
 * with `{plugin}: `; an HTTP error adds the call's correlation id, status and class.
 */
export function createPluginLog(
  plugin: string,
  logger: Logger | undefined,
  correlationId: string,
): PluginLog {
  return (eventType, message, extra = {}) => {
    const text = `${plugin}: ${message}`
    const otherData: Record<string, unknown> = { correlationId }
    if (extra.httpError) {
      otherData.requestCorrelationId = extra.httpError.correlationId
      otherData.status = extra.httpError.status
      otherData.errorClass = extra.httpError.class
    }
    try {
      if (logger)
        logger.log({
          logType: extra.logType ?? 'ERROR',
          logCategory: extra.logCategory ?? 'MEDIUM',
          eventType,
          message: text,
          error: extra.error,
          ...(extra.httpError ? { requestUrl: extra.httpError.path } : {}),
          otherData,
        })
      else
        console.warn(`[one-header] ${eventType} correlationId=${correlationId}: ${text}`, extra.error ?? '')
    } catch {
      // Logging a failure must never become a second failure.
    }
  }
}
