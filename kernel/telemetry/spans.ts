import type { Attributes, Span, Tracer } from '@opentelemetry/api'

/**
 * Span helpers. Code is instrumented everywhere, but until the host installs a tracer (the
 * OpenTelemetry SDK, loaded off the critical path) every span is a shared no-op object, so neither
 * the API nor the SDK is part of the first paint (OpenTelemetry's NoopTracer pattern, one step
 * earlier: not even the API is loaded until telemetry is wanted).
 */
let tracer: Tracer | undefined

/** Installs the tracer once; a second install is refused politely and returns false. */
export function installTracer(next: Tracer): boolean {
  if (tracer) {
    console.warn('[one-header] a tracer is already installed; keeping the first one.')
    return false
  }
  tracer = next
  return true
}

/** For tests: forget the installed tracer. */
export function resetTracerForTests(): void {
  tracer = undefined
}

/** The subset of Span the kernel uses, as a no-op. */
const NOOP_SPAN = {
  setAttribute: () => NOOP_SPAN,
  setAttributes: () => NOOP_SPAN,
  recordException: () => {},
  setStatus: () => NOOP_SPAN,
  end: () => {},
  isRecording: () => false,
  spanContext: () => ({ traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: 0 }),
} as unknown as Span

/** The W3C `traceparent` of a recording span, or undefined (no tracer, or an invalid context). */
export function traceparentOf(span: Span): string | undefined {
  if (!span.isRecording()) return undefined
  const { traceId, spanId, traceFlags } = span.spanContext()
  if (!/^[0-9a-f]{32}$/.test(traceId) || /^0+$/.test(traceId) || !/^[0-9a-f]{16}$/.test(spanId))
    return undefined
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, '0')}`
}

/** OpenTelemetry's SpanStatusCode.ERROR, without importing the API for one number. */
const STATUS_ERROR = 2

function fail(span: Span, error: unknown) {
  span.recordException(error instanceof Error ? error : String(error))
  span.setStatus({ code: STATUS_ERROR })
}

/** Runs `fn` inside a span that ends when it settles; errors mark the span and are rethrown. */
export async function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  if (!tracer) return fn(NOOP_SPAN)
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn(span)
    } catch (error) {
      fail(span, error)
      throw error
    } finally {
      span.end()
    }
  })
}

/** A span for a synchronous step, such as starting the plugins. */
export function withSyncSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => T): T {
  if (!tracer) return fn(NOOP_SPAN)
  return tracer.startActiveSpan(name, { attributes }, (span) => {
    try {
      return fn(span)
    } catch (error) {
      fail(span, error)
      throw error
    } finally {
      span.end()
    }
  })
}

/**
 * Marks a user-visible interaction (opening a popover, switching language) as a span, so a trace shows
 * what the shopper did between the calls. Plugins call it from their handlers.
 */
export function markInteraction(name: string, attributes: Attributes = {}): void {
  withSyncSpan(`interaction ${name}`, attributes, () => undefined)
}
