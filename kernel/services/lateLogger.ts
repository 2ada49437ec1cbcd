import type { LogInput, LogRecord } from '../../contracts/logRecord'
import type { Logger } from '../../contracts/serviceRefs'

/** Records kept for a logger still on its way; past it the oldest go (a page logs a handful early). */
export const LATE_LOG_LIMIT = 100

/**
 * The logger the kernel hands to a plugin made while the logging plugin's code is still on its way.
 * Plugins start as their code arrives, in any order (and soon only once every part is live), so the
 * kernel, not each manifest's start order, makes sure their records reach the logger: it keeps them,
 * with the time each was written, and hands them to the logging plugin's logger once, in order, when
 * that plugin has started; from then on every record goes straight there. While no logger can come
 * (the brand runs no logging, or its code failed to load), the kept records and every later one are
 * printed to the console, as a plugin without a logger does, so nothing fails silently.
 */
export interface LateLogger {
  /** What a plugin's service or handler holds; a `Logger` like the logging plugin's. */
  readonly logger: Logger
  /**
   * The logging plugin's logger has started: the kept records go to it, and every later one. Returns
   * the hand-back for when that plugin stops (records print to the console again).
   */
  arrive(logger: Logger): () => void
  /** No logger can come now: the kept records, and every later one, go to the console. */
  close(): void
  /** A logger can come again (the live configuration switched logging on): records are kept again. */
  reopen(): void
  /** Whether records are being kept for a logger that can still come. */
  readonly waiting: boolean
}

export function createLateLogger(
  warn: (...args: unknown[]) => void = console.warn.bind(console),
  now: () => number = Date.now,
): LateLogger {
  let target: Logger | undefined
  let closed = false
  const kept: LogInput[] = []
  // Sinks added before the logger came, with their removal from it once handed over.
  const sinks = new Map<(record: LogRecord) => void, (() => void) | undefined>()
  const print = (input: LogInput) => {
    const correlationId = input.otherData?.correlationId
    const id = typeof correlationId === 'string' ? ` correlationId=${correlationId}` : ''
    warn(`[one-header] ${input.eventType}${id}: ${input.message}`, input.error ?? '')
  }
  const logger: Logger = {
    log(input) {
      if (target) target.log(input)
      else if (closed) print(input)
      else {
        // Stamped now: the record says when it happened, not when the logger arrived.
        kept.push(input.at === undefined ? { ...input, at: now() } : input)
        if (kept.length > LATE_LOG_LIMIT) kept.shift()
      }
    },
    addSink(sink) {
      if (target) return target.addSink(sink)
      // Handed over with the logger, whose replay brings it the records kept till then.
      sinks.set(sink, undefined)
      return () => {
        const remove = sinks.get(sink)
        sinks.delete(sink)
        remove?.()
      }
    },
  }
  return {
    logger,
    arrive(real) {
      if (target) return () => {}
      target = real
      for (const sink of sinks.keys()) sinks.set(sink, real.addSink(sink))
      for (const input of kept.splice(0)) real.log(input)
      return () => {
        if (target !== real) return
        target = undefined
        closed = true
      }
    },
    close() {
      if (target || closed) return
      closed = true
      for (const input of kept.splice(0)) print(input)
    },
    reopen() {
      if (!target) closed = false
    },
    get waiting() {
      return !target && !closed
    },
  }
}
