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
  /**
   * Most rows one insert statement writes (default: the whole batch). A batch over it is written in
   * several statements, the event loop turning between them: on the embedded database a statement
   * runs on the thread that serves the requests, and one of 240 spans held every request for 90 ms.
   */
  maxStatementRows?: number
}

/**
 * Rows per statement on the embedded database: about 0.4 ms a span there (its indexes and the trace
 * summary trigger), so a request waits at most some 8 ms behind the writer instead of the whole batch.
 */
export const EMBEDDED_STATEMENT_ROWS = 20

/** Lets the requests that came in meanwhile run before the next statement. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

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
  const statementRows = Math.max(1, opts.maxStatementRows ?? Number.POSITIVE_INFINITY)
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
      written = written.then(async () => {
        for (let from = 0; from < batch.length; from += statementRows) {
          if (from > 0) await nextTurn()
          const rows = batch.slice(from, from + statementRows)
          await insertSpans(db, rows).catch((error: unknown) =>
            logError(
              `[telemetry] could not store ${rows.length} server spans (first '${rows[0]!.name}', trace ${rows[0]!.trace_id})`,
              error,
            ),
          )
        }
        if (lost > 0)
          logError(
            `[telemetry] ${lost} server spans were dropped while the database did not take them`,
            undefined,
          )
      })
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
