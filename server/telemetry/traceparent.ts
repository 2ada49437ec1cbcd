import { randomBytes } from 'node:crypto'

/** The caller's span context from a W3C `traceparent` header. */
export interface TraceParent {
  traceId: string
  /** The caller's span, which becomes the parent of the server span. */
  spanId: string
  flags: string
}

/** Version 00 exactly as W3C Trace Context writes it: lower-case hex, fixed lengths. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/

/**
 * Parses `00-<trace id>-<parent span id>-<flags>`; anything else, including the all-zero ids the
 * spec declares invalid, is null so a malformed header can never join or corrupt another trace.
 */
export function parseTraceparent(header: string | undefined | null): TraceParent | null {
  const match = header ? TRACEPARENT.exec(header.trim()) : null
  if (!match) return null
  const [, traceId, spanId, flags] = match as unknown as [string, string, string, string]
  if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) return null
  return { traceId, spanId, flags }
}

/** A random id of `bytes` bytes as lower-case hex (16 for a trace id, 8 for a span id). */
export const randomHexId = (bytes: 8 | 16) => randomBytes(bytes).toString('hex')
