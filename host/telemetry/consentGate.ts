import { type ExportResult, ExportResultCode } from '@opentelemetry/core'
import type { LogRecordExporter, ReadableLogRecord } from '@opentelemetry/sdk-logs'
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace'
import type { LogRecord } from '../../contracts/logRecord'
import type { Consent } from '../../kernel/consent/consentStore'

/** What telemetry needs of the consent state. */
export type TelemetryConsent = Pick<Consent, 'allows' | 'allowedThroughout'>

const epochMs = ([seconds, nanos]: [number, number]) => seconds * 1000 + nanos / 1e6

/** What running the store strictly needs, exported whatever the consent: errors and API failures. */
export function logNeedsNoConsent(severityText: string | undefined): boolean {
  return severityText !== 'INFO' && severityText !== 'DEBUG'
}

/**
 * Traces are performance measurement, an analytical (c1) purpose. Gated where they are sent: a batch
 * keeps only the spans during and since which analytical has been allowed without a break, so a
 * denial stops the export at once (what waits in the batch included) and a span that ran while
 * denied — buffered before the SDK came, or live — is never sent later.
 */
export class ConsentSpanExporter implements SpanExporter {
  constructor(
    private readonly next: SpanExporter,
    private readonly consent: TelemetryConsent,
  ) {}
  export(spans: ReadableSpan[], done: (result: ExportResult) => void) {
    const allowed = spans.filter((s) => this.consent.allowedThroughout('analytical', epochMs(s.startTime)))
    if (allowed.length === 0) return done({ code: ExportResultCode.SUCCESS })
    this.next.export(allowed, done)
  }
  shutdown() {
    return this.next.shutdown()
  }
  forceFlush() {
    return this.next.forceFlush?.() ?? Promise.resolve()
  }
}

/** The same for log records: usage records (INFO, DEBUG) only while analytical has stayed allowed. */
export class ConsentLogExporter implements LogRecordExporter {
  constructor(
    private readonly next: LogRecordExporter,
    private readonly consent: TelemetryConsent,
  ) {}
  export(logs: ReadableLogRecord[], done: (result: ExportResult) => void) {
    const allowed = logs.filter(
      (r) =>
        logNeedsNoConsent(r.severityText) || this.consent.allowedThroughout('analytical', epochMs(r.hrTime)),
    )
    if (allowed.length === 0) return done({ code: ExportResultCode.SUCCESS })
    this.next.export(allowed, done)
  }
  shutdown() {
    return this.next.shutdown()
  }
  forceFlush() {
    return this.next.forceFlush()
  }
}

/**
 * The log sink, gated before the SDK too: the logger replays its last records to a sink added late
 * (telemetry loads when the page is quiet), which the SDK would stamp with the replay's time, so a
 * usage record is judged here by its own timestamp.
 */
export function consentedLogSink(
  sink: (record: LogRecord) => void,
  consent: TelemetryConsent,
): (record: LogRecord) => void {
  return (record) => {
    if (logNeedsNoConsent(record.logType)) return sink(record)
    const madeAt = Date.parse(record.timestamp)
    const allowed = Number.isFinite(madeAt)
      ? consent.allowedThroughout('analytical', madeAt)
      : consent.allows('analytical')
    if (allowed) sink(record)
  }
}
