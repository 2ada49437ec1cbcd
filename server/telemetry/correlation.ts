import type { JsonValue } from './otlpValues'

/** The attribute naming a shopper's session on spans, log records or their resource. */
export const CORRELATION_ATTRIBUTE = 'correlation.id'

/**
 * A usable correlation id: the same rule the browser applies to its CORRELATION_ID cookie
 * (kernel/telemetry/correlationId.ts), so every id the browser sends can be looked up again.
 */
export const CORRELATION_ID_PATTERN = /^[A-Za-z0-9-]{8,100}$/

/** True for a string of the usable shape (CORRELATION_ID_PATTERN). */
export const isCorrelationId = (value: unknown): value is string =>
  typeof value === 'string' && CORRELATION_ID_PATTERN.test(value)

/**
 * The session a span or log record belongs to: its own `correlation.id` attribute, else its
 * resource's. A malformed id counts as none (it stays in the attributes) because it could never be
 * looked up by the session endpoint anyway.
 */
export function correlationIdOf(
  attributes: Record<string, JsonValue>,
  resource: Record<string, JsonValue>,
): string | null {
  const own = attributes[CORRELATION_ATTRIBUTE]
  if (isCorrelationId(own)) return own
  const shared = resource[CORRELATION_ATTRIBUTE]
  return isCorrelationId(shared) ? shared : null
}
