import type { Database } from '../db/database'
import type { ErrorLogger } from '../http/errorHandling'
import { insertSpans, type SpanRow } from './storeTelemetry'

export interface SpanWriterOptions {
  /** Written at once when this many are waiting. */
  maxBatch?: number
  /** Else written this long after the first of a batch arrived. */
  flushMs?: number
  /** Most spans kept while the database does not take them; the oldest go first, and the log says so. */
  maxWaiting?: number
}

export interface SpanWriter {
  /** Keeps a span for the next batch; never waits and never throws. */
  record(span: SpanRow): void
  /** Writes what is waiting, and resolves when it and every earlier batch are written (or failed). */
  flush(): Promise<void>
}

/**
 * The spans this server records about itself (a page's, each API call's), written in batches off the
 * requests' path: one insert per batch instead of one per page and call, each a database round trip
 * (and on the embedded database, WebAssembly on the thread that serves the requests). A batch goes
 * when `maxBatch` spans wait or `flushMs` after its first; telemetry must never slow or fail a
 * shopper's request, so a failed write is only logged. The server flushes on stop before the database
 * closes (createServer), so a drained instance loses none.
 */
export function createSpanWriter(
  db: Database,
  logError: ErrorLogger,
  opts: SpanWriterOptions = {},
): SpanWriter {
  const maxBatch = opts.maxBatch ?? 200
  const flushMs = opts.flushMs ?? 250
  const maxWaiting = opts.maxWaiting ?? 10_000
  let waiting: SpanRow[] = []
  let dropped = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let written: Promise<void> = Promise.resolve()

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer)
    timer = undefined
    const batch = waiting
    waiting = []
    if (batch.length > 0) {
      const lost = dropped
      dropped = 0
      // One batch at a time, in order: a slow database gets fewer, larger statements.
      written = written.then(() =>
        insertSpans(db, batch).then(
          () => {
            if (lost > 0)
              logError(
                `[telemetry] ${lost} server spans were dropped while the database did not take them`,
                undefined,
              )
          },
          (error: unknown) =>
            logError(
              `[telemetry] could not store ${batch.length} server spans (first '${batch[0]!.name}', trace ${batch[0]!.trace_id})`,
              error,
            ),
        ),
      )
    }
    return written
  }

  return {
    record(span) {
      waiting.push(span)
      if (waiting.length > maxWaiting) {
        waiting.shift()
        dropped++
      }
      if (waiting.length >= maxBatch) void flush()
      else if (!timer) {
        timer = setTimeout(() => void flush(), flushMs)
        // A timer alone never keeps the process up; stopping flushes (createServer's close).
        timer.unref?.()
      }
    },
    flush,
  }
}
