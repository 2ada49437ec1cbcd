import { buildLogRecord, type LogEnvironment, type LogInput, type LogRecord } from '../../contracts/logRecord'
import type { Logger } from '../../contracts/serviceRefs'
import { scrub } from '../../kernel/telemetry/scrub'

/** Where finished (and scrubbed) records go: the monitoring agent, the OTLP exporter once installed, a test. */
export type LogSink = (record: LogRecord) => void

export type LoggingService = Logger

/** Records kept for sinks that arrive late (the OTLP exporter loads after the first paint). */
const REPLAY_LIMIT = 50

/**
 * Builds records and hands them to every sink. Logging must never become a second failure: an
 * error while building or in a sink is swallowed and printed with the console's original error
 * function (so the console capture does not log it again).
 */
export function createLogger(
  env: () => LogEnvironment,
  printError: (...args: unknown[]) => void,
): LoggingService {
  const sinks = new Set<LogSink>()
  const recent: LogRecord[] = []
  let busy = false
  return {
    log(input: LogInput) {
      // A sink that itself logs (or errors to the console) must not loop.
      if (busy) return
      busy = true
      try {
        // Scrubbed once, here: every sink, and every replay to a late one, gets the clean record.
        const record = scrub(buildLogRecord(input, env()))
        recent.push(record)
        if (recent.length > REPLAY_LIMIT) recent.shift()
        for (const sink of sinks) {
          try {
            sink(record)
          } catch (error) {
            printError('[one-header] a log sink failed; the record was not delivered there:', error)
          }
        }
      } catch (error) {
        printError('[one-header] logging failed:', error)
      } finally {
        busy = false
      }
    },
    addSink(sink) {
      for (const record of recent) {
        try {
          sink(record)
        } catch (error) {
          printError('[one-header] a log sink failed while catching up:', error)
        }
      }
      sinks.add(sink)
      return () => sinks.delete(sink)
    },
  }
}
