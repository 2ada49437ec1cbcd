import type { Database } from '../db/database'

/**
 * How often an instance asks whether the cached content changed. A read of one row a second costs
 * nothing beside the traffic it saves, and a change made on another instance or in the database
 * shows everywhere within it.
 */
export const CONTENT_CHECK_MS = 1000

/**
 * The content's generation (migration 0019: a number the database adds one to whenever CMS content,
 * labels, site configuration or search suggestions change), read at most once per `checkEveryMs`:
 * between reads the last answer is given at once, and requests arriving while a read is under way
 * share it. A failed read gives `undefined` (the cache then keeps what it has, as it would without
 * a check) and is tried again after `checkEveryMs`; it is not logged, as the content read that
 * follows meets the same database and reports it.
 */
export function watchContentChanges(
  db: Database,
  opts: { checkEveryMs?: number; now?: () => number } = {},
): () => number | undefined | Promise<number | undefined> {
  const checkEveryMs = opts.checkEveryMs ?? CONTENT_CHECK_MS
  const now = opts.now ?? Date.now
  let known: number | undefined
  let checkedAt = Number.NEGATIVE_INFINITY
  let reading: Promise<number | undefined> | undefined
  return () => {
    if (reading) return reading
    if (now() - checkedAt < checkEveryMs) return known
    // From the time the read starts: a change committed while it runs is caught by the next one.
    checkedAt = now()
    reading = db
      .query<{ generation: string | number }>('SELECT generation FROM content_changes')
      .then(
        ({ rows }) => {
          known = rows[0] === undefined ? undefined : Number(rows[0].generation)
          return known
        },
        () => {
          known = undefined
          return undefined
        },
      )
      .finally(() => {
        reading = undefined
      })
    return reading
  }
}
