import { ROOT_CONTEXT, type Span, type Tracer, trace } from '@opentelemetry/api'
import type { BufferedSpan } from '../../kernel/telemetry/spans'

/** The ids the SDK's id generator hands out next (it falls back to random ones when unset). */
export interface ForcedIds {
  traceId?: string
  spanId?: string
}

/**
 * Turns the spans the kernel buffered before the SDK arrived into SDK spans, with their own trace and
 * span ids (the ones their `traceparent` headers already carried, so server spans stay joined),
 * parents, start and end times, attributes, status and exceptions. A span still open goes on as the
 * SDK span (`replayed`), so its end is recorded when it happens.
 */
export function replaySpans(tracer: Tracer, spans: readonly BufferedSpan[], forced: ForcedIds): number {
  const made = new Map<string, Span>()
  for (const record of spans) {
    const parent = record.parentSpanId ? made.get(record.parentSpanId) : undefined
    const context = parent
      ? trace.setSpan(ROOT_CONTEXT, parent)
      : record.parentSpanId
        ? // The parent fell out of the buffer: keep the link by its ids.
          trace.setSpanContext(ROOT_CONTEXT, {
            traceId: record.traceId,
            spanId: record.parentSpanId,
            traceFlags: 1,
          })
        : ROOT_CONTEXT
    forced.traceId = record.traceId
    forced.spanId = record.spanId
    let span: Span
    try {
      span = tracer.startSpan(
        record.name,
        {
          attributes: record.attributes,
          startTime: record.startTime,
          ...(record.kind !== undefined ? { kind: record.kind } : {}),
          ...(record.links
            ? { links: record.links.map((l) => ({ context: { ...l, traceFlags: 1, isRemote: true } })) }
            : {}),
        },
        context,
      )
    } finally {
      forced.traceId = undefined
      forced.spanId = undefined
    }
    for (const { exception, time } of record.exceptions) span.recordException(exception as Error, time)
    if (record.status) span.setStatus(record.status)
    if (record.endTime !== undefined) span.end(record.endTime)
    record.replayed = span
    made.set(record.spanId, span)
  }
  return made.size
}
