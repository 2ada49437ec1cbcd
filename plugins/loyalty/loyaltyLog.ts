import type { LogCategory } from '../../contracts/logRecord'
import type { Logger } from '../../contracts/serviceRefs'
import type { HttpError } from '../../kernel/http/httpError'

/** Writes one loyalty or newsletter problem with the page's correlation id and the call's. */
export type LoyaltyLog = (
  eventType: string,
  message: string,
  extra?: { httpError?: HttpError; logCategory?: LogCategory },
) => void

/**
 * Logs through the logging plugin when it runs; otherwise to the console, so nothing fails silently
 * (as the auth and search plugins do).
 */
export function createLoyaltyLog(logger: Logger | undefined, correlationId: string): LoyaltyLog {
  return (eventType, message, extra = {}) => {
    const text = `loyalty: ${message}`
    const otherData: Record<string, unknown> = { correlationId }
    if (extra.httpError) {
      otherData.requestCorrelationId = extra.httpError.correlationId
      otherData.status = extra.httpError.status
      otherData.errorClass = extra.httpError.class
    }
    try {
      if (logger)
        logger.log({
          logType: 'ERROR',
          logCategory: extra.logCategory ?? 'MEDIUM',
          eventType,
          message: text,
          ...(extra.httpError ? { requestUrl: extra.httpError.path } : {}),
          otherData,
        })
      else console.warn(`[one-header] ${eventType} correlationId=${correlationId}: ${text}`)
    } catch {
      // Logging a failure must never become a second failure.
    }
  }
}
