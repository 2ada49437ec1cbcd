import { type Attributes, type Span, SpanStatusCode, trace } from '@opentelemetry/api'

/**
 * Span helpers over @opentelemetry/api. Until the host installs an SDK the API hands out no-op
 * tracers, so instrumented code costs next to nothing and needs no checks (OpenTelemetry's
 * NoopTracer pattern).
 */
const tracer = () => trace.getTracer('one-header')

/** Runs `fn` inside a span that ends when it settles; errors mark the span and are rethrown. */
export async function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn(span)
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error))
      span.setStatus({ code: SpanStatusCode.ERROR })
      throw error
    } finally {
      span.end()
    }
  })
}

/** A span for a synchronous step, such as a plugin's start. */
export function withSyncSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => T): T {
  return tracer().startActiveSpan(name, { attributes }, (span) => {
    try {
      return fn(span)
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error))
      span.setStatus({ code: SpanStatusCode.ERROR })
      throw error
    } finally {
      span.end()
    }
  })
}
