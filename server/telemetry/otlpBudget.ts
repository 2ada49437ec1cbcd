import { storableTextOf } from '../http/storableText'

/**
 * How much one OTLP export may hold once decoded. The byte limit alone does not bound the work: a
 * kilobyte of gzip can inflate to a megabyte of empty spans (two protobuf bytes each), half a million
 * objects to convert, validate and store while every shopper waits. A browser batch (512 spans with
 * their attributes and events) holds some 15,000 objects and list items.
 */
export const OTLP_MAX_NODES = 100_000

/** Deeper than any OTLP request needs (AnyValue lists and maps nest a few levels each). */
export const OTLP_MAX_DEPTH = 64

/**
 * Walks a decoded export without recursion (a 1,000-level attribute overflowed the schema's): 'deep'
 * past OTLP_MAX_DEPTH, 'large' past OTLP_MAX_NODES objects and list items, stopping there. With
 * `clean`, every NUL and lone surrogate in a string becomes U+FFFD on the way, so one bad attribute
 * never costs the batch its good spans. Strings, numbers and byte arrays (protobuf ids) are leaves.
 */
export function measureOtlp(root: unknown, opts: { clean?: boolean } = {}): 'ok' | 'deep' | 'large' {
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }]
  let nodes = 0
  while (stack.length) {
    const { value, depth } = stack.pop()!
    if (!value || typeof value !== 'object' || ArrayBuffer.isView(value)) continue
    if (depth >= OTLP_MAX_DEPTH) return 'deep'
    if (++nodes > OTLP_MAX_NODES) return 'large'
    const entries = value as Record<string, unknown>
    for (const key of Object.keys(entries)) {
      const inner = entries[key]
      if (typeof inner === 'string') {
        if (opts.clean) entries[key] = storableTextOf(inner)
      } else stack.push({ value: inner, depth: depth + 1 })
    }
  }
  return 'ok'
}

export const tooManyNodesMessage = () =>
  `The OTLP body holds more than ${OTLP_MAX_NODES} values once decoded. Export smaller batches (the batch processor's maxExportBatchSize).`
