import { CORRELATION_ATTRIBUTE, isUsableCorrelationId } from '../../site/correlationId'
import type { JsonValue } from './otlpValues'

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
  if (isUsableCorrelationId(own)) return own
  const shared = resource[CORRELATION_ATTRIBUTE]
  return isUsableCorrelationId(shared) ? shared : null
}
