import type { Logger } from '../../contracts/serviceRefs'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import { createServiceRef } from '../../kernel/services/serviceRef'
import { createRecordOutbox, type RecordOutbox } from './recordOutbox'

/** The consent records on their way to the server (this plugin's own service). */
export const outboxRef = createServiceRef<RecordOutbox>('consent.outbox')

/** The page's outbox: in local storage when the browser allows it; a refused record is logged. */
export function createPageOutbox(http: HttpClient, logger: Logger | undefined): RecordOutbox {
  return createRecordOutbox({
    http,
    storage: localStorageOf(window),
    onRefused: (record, message) =>
      logger?.log({
        logType: 'ERROR',
        logCategory: 'MEDIUM',
        eventType: 'CONSENT_RECORD_REFUSED',
        message: `The server refused a consent record (${record.action}); it is dropped: ${message}`,
      }),
  })
}

function localStorageOf(win: Window): Storage | undefined {
  try {
    return win.localStorage
  } catch {
    return undefined // blocked: choices wait in memory for this page
  }
}
