import { context, trace } from '@opentelemetry/api'
import type { LogAttributes } from '@opentelemetry/api-logs'
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { BatchLogRecordProcessor, LoggerProvider, type LogRecordExporter } from '@opentelemetry/sdk-logs'
import {
  BatchSpanProcessor,
  RandomIdGenerator,
  type ReadableSpan,
  type Span,
  type SpanExporter,
  type SpanProcessor,
  StackContextManager,
  TracerProvider,
} from '@opentelemetry/sdk-trace'
import { flattenRecord, type LogRecord } from '../../contracts/logRecord'
import { scrub } from '../../kernel/telemetry/scrub'
import { installTracer, setParentContextFactory, takeBufferedSpans } from '../../kernel/telemetry/spans'
import { CORRELATION_ATTRIBUTE } from '../../site/correlationId'
import {
  ConsentLogExporter,
  ConsentSpanExporter,
  consentedLogSink,
  type TelemetryConsent,
} from './consentGate'
import { type RealUserMeasuresOptions, startRealUserMeasures } from './realUserMeasures'
import { type ForcedIds, replaySpans } from './replaySpans'

export interface TelemetryOptions {
  /** Collector base URL ('' = this origin, the reference server); `/v1/traces` and `/v1/logs` are added. */
  endpoint: string
  correlationId: string
  brand: string
  lang: string
  /** The page's consent state: spans and usage logs are exported only while analytical is allowed. */
  consent?: TelemetryConsent
  /** What the real-user measures need of the page (./realUserMeasures.ts); none: not gathered. */
  measures?: Pick<RealUserMeasuresOptions, 'pluginsVersion' | 'container' | 'faults'>
}

/** Scrubs span attributes in the one place before they are exported (kernel/telemetry/scrub.ts). */
class ScrubbingSpanProcessor implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}
  onStart(span: Span, parent: Parameters<SpanProcessor['onStart']>[1]) {
    this.next.onStart(span, parent)
  }
  onEnd(span: ReadableSpan) {
    Object.assign(span.attributes, scrub(span.attributes))
    this.next.onEnd(span)
  }
  forceFlush() {
    return this.next.forceFlush()
  }
  shutdown() {
    return this.next.shutdown()
  }
}

const SEVERITY: Record<LogRecord['logType'], number> = {
  DEBUG: 5,
  INFO: 9,
  API_FAILURE_CODE4XX: 13,
  ERROR: 17,
  API_FAILURE_CODE5XX: 17,
}

/**
 * Installs the OpenTelemetry SDK once, in its own chunk after the first paint: a tracer whose spans
 * and a logger whose records are batched and sent as OTLP/HTTP JSON, flushed when the page is hidden
 * or left. Returns the log sink for the logging plugin and a flush.
 */
export function installTelemetry(opts: TelemetryOptions) {
  const resource = resourceFromAttributes({
    'service.name': 'one-header',
    [CORRELATION_ATTRIBUTE]: opts.correlationId,
    'one_header.brand': opts.brand,
    'one_header.lang': opts.lang,
  })
  // Replayed spans keep the ids they were made with (their traceparent went out with them).
  const forced: ForcedIds = {}
  const random = new RandomIdGenerator()
  const traces = new TracerProvider({
    resource,
    idGenerator: {
      generateTraceId: () => forced.traceId ?? random.generateTraceId(),
      generateSpanId: () => forced.spanId ?? random.generateSpanId(),
    },
    spanProcessors: [
      new ScrubbingSpanProcessor(
        new BatchSpanProcessor({
          exporter: gatedSpans(new OTLPTraceExporter({ url: `${opts.endpoint}/v1/traces` }), opts.consent),
          scheduledDelayMillis: 2000,
        }),
      ),
    ],
  })
  context.setGlobalContextManager(new StackContextManager().enable())
  const tracer = traces.getTracer('one-header')
  setParentContextFactory((span) => trace.setSpan(context.active(), span))
  // What the header did before the SDK arrived (start-up calls, plugin starts), with true timings.
  const { spans, dropped } = takeBufferedSpans()
  const replayed = replaySpans(tracer, spans, forced)
  if (dropped > 0)
    console.warn(`[one-header] ${dropped} spans made before telemetry loaded were dropped (buffer full).`)
  const installed = installTracer(tracer)

  const logs = new LoggerProvider({
    resource,
    processors: [
      new BatchLogRecordProcessor({
        exporter: gatedLogs(new OTLPLogExporter({ url: `${opts.endpoint}/v1/logs` }), opts.consent),
        scheduledDelayMillis: 2000,
      }),
    ],
  })
  const otelLogger = logs.getLogger('one-header')
  // Records come from the logger already scrubbed (plugins/logging/createLogger.ts).
  const exportRecord = (clean: LogRecord) => {
    otelLogger.emit({
      severityNumber: SEVERITY[clean.logType],
      severityText: clean.logType,
      body: clean.details.message,
      attributes: {
        ...flattenRecord(clean as unknown as Record<string, unknown>),
        [CORRELATION_ATTRIBUTE]: clean.correlationId,
      } as LogAttributes,
    })
  }
  const logSink = opts.consent ? consentedLogSink(exportRecord, opts.consent) : exportRecord
  const flush = () => Promise.allSettled([traces.forceFlush(), logs.forceFlush()])
  if (opts.measures)
    startRealUserMeasures({
      ...opts.measures,
      tracer,
      brand: opts.brand,
      lang: opts.lang,
      allowed: () => opts.consent?.allows('analytical') ?? true,
      flush: () => void traces.forceFlush(),
      win: window,
    })
  // Telemetry sent on navigation away must arrive (the batch processors also flush on hide).
  window.addEventListener('pagehide', () => void flush())
  return { installed, logSink, flush, replayed }
}

/** The exporters, gated on consent where spans and records leave the page (./consentGate.ts). */
const gatedSpans = (exporter: SpanExporter, consent: TelemetryConsent | undefined): SpanExporter =>
  consent ? new ConsentSpanExporter(exporter, consent) : exporter
const gatedLogs = (exporter: LogRecordExporter, consent: TelemetryConsent | undefined): LogRecordExporter =>
  consent ? new ConsentLogExporter(exporter, consent) : exporter
