import type { Context } from '@opentelemetry/api'
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace'
import type { LogRecord } from '../../contracts/logRecord'
import type { Consent } from '../../kernel/consent/consentStore'

/** What telemetry needs of the consent state. */
export type TelemetryConsent = Pick<Consent, 'allows' | 'allowedThroughout'>

const epochMs = ([seconds, nanos]: [number, number]) => seconds * 1000 + nanos / 1e6

/**
 * Traces are performance measurement, an analytical (c1) purpose: a span is exported only if
 * analytical was allowed for the whole time it ran, so a denial stops the export at once and a span
 * that ran while denied (buffered before the SDK came, or live) is never sent later.
 */
export class ConsentSpanProcessor implements SpanProcessor {
  constructor(
    private readonly next: SpanProcessor,
    private readonly consent: TelemetryConsent,
  ) {}
  onStart(span: Span, parent: Context) {
    this.next.onStart(span, parent)
  }
  onEnd(span: ReadableSpan) {
    if (this.consent.allowedThroughout('analytical', epochMs(span.startTime), epochMs(span.endTime)))
      this.next.onEnd(span)
  }
  forceFlush() {
    return this.next.forceFlush()
  }
  shutdown() {
    return this.next.shutdown()
  }
}

/**
 * Log records are exported without consent only when they are what running the store strictly
 * needs: errors and API failures (to notice and fix an outage). INFO and DEBUG records are usage
 * measurement, exported only while analytical is allowed.
 */
export function logNeedsNoConsent(record: LogRecord): boolean {
  return record.logType !== 'INFO' && record.logType !== 'DEBUG'
}

/**
 * The log sink, gated as above. The logger replays its last records to a sink added late (telemetry
 * loads when the page is quiet), so a usage record is judged by when it was made: analytical must
 * have stayed allowed since its timestamp.
 */
export function consentedLogSink(
  sink: (record: LogRecord) => void,
  consent: TelemetryConsent,
): (record: LogRecord) => void {
  return (record) => {
    if (logNeedsNoConsent(record)) return sink(record)
    const madeAt = Date.parse(record.timestamp)
    const allowed = Number.isFinite(madeAt)
      ? consent.allowedThroughout('analytical', madeAt)
      : consent.allows('analytical')
    if (allowed) sink(record)
  }
}
