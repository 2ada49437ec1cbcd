/**
 * How much one OTLP export may hold once decoded. The byte limit alone does not bound the work: a
 * kilobyte of gzip can inflate to a megabyte of empty spans (two protobuf bytes each), half a million
 * objects to convert, validate and store while every shopper waits. A browser batch (512 spans with
 * their attributes and events) holds some 15,000 objects and list items.
 */
export const OTLP_MAX_NODES = 100_000

/** More objects and list items under `root` than `limit`? Iterative; stops counting at the limit. */
export function exceedsNodeBudget(root: unknown, limit = OTLP_MAX_NODES): boolean {
  const stack: unknown[] = [root]
  let nodes = 0
  while (stack.length) {
    const value = stack.pop()
    // Strings, numbers and byte arrays (protobuf ids) are leaves, counted with their parent.
    if (!value || typeof value !== 'object' || ArrayBuffer.isView(value)) continue
    if (++nodes > limit) return true
    const entries = value as Record<string, unknown>
    for (const key of Object.keys(entries)) stack.push(entries[key])
  }
  return false
}

export const tooManyNodesMessage = () =>
  `The OTLP body holds more than ${OTLP_MAX_NODES} values once decoded. Export smaller batches (the batch processor's maxExportBatchSize).`
