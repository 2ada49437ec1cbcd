import type { LogInput } from '../../contracts/logRecord'
import type { CmsNote } from './loadHeaderData'

/** A stored copy that could not be used or kept (bad shape, too old, too large, storage refused). */
export interface StoreNote {
  code: 'CMS_STORED_COPY_DROPPED'
  part: 'storage'
  message: string
}

/** Notes kept until the logging plugin runs (it may start after the shell): the last few. */
const MAX_QUEUED = 20

/**
 * Where start-up reports a slow or down CMS: each note goes to the console at once, as
 * `[one-header] CODE plugin=host correlationId=…: message` (the faults' format), and as an INFO
 * record (nav spec §3; the record carries the page's correlation id) to whoever records logs — the
 * bus's `log:record`, which the logging plugin handles — queued until start-up attaches it.
 * A note says what the header shows instead; it never stands for the failure itself: the failed or
 * wrong-shaped call is its own API_FAILURE or ERROR record (navigation spec §8), which the HTTP
 * client reports through start-up's diagnostics (host/startUp/diagnostics.ts).
 */
export function createCmsLog(correlationId: string, out: Pick<Console, 'warn' | 'info'> = console) {
  const queue: LogInput[] = []
  let logger: ((input: LogInput) => void) | undefined
  const send = (input: LogInput) => {
    try {
      logger?.(input)
    } catch {
      // Logging never throws into start-up.
    }
  }
  return {
    note(note: CmsNote | StoreNote) {
      const line = `[one-header] ${note.code} plugin=host correlationId=${correlationId}: ${note.message}`
      if (note.code === 'CMS_LIVE_ANSWER_USED') out.info(line)
      else out.warn(line)
      const input: LogInput = {
        logType: 'INFO',
        logCategory: note.code === 'CMS_LIVE_ANSWER_USED' ? 'LOW' : 'MEDIUM',
        eventType: note.code,
        message: note.message,
        additionalInfo: {
          pluginId: 'host',
          part: note.part,
          ...('source' in note ? { source: note.source } : {}),
          ...('ageMs' in note && note.ageMs !== undefined ? { storedCopyAgeMs: note.ageMs } : {}),
        },
      }
      if (logger) send(input)
      else if (queue.push(input) > MAX_QUEUED) queue.shift()
    },
    /** Hands the queued notes, and every later one, to `next` (start-up: a `log:record` emitter). */
    attach(next: (input: LogInput) => void) {
      if (logger) return
      logger = next
      for (const input of queue.splice(0)) send(input)
    },
  }
}
