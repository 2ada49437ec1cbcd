/**
 * CMS content and search suggestions change rarely and are read on every page view and keystroke, so
 * the server keeps each answer for a short time, as the store's CDN would. Edits show within `ttlMs`,
 * or at once where `generation` says the content changed (contentChanges.ts).
 */
export interface TtlCacheOptions {
  ttlMs?: number
  /**
   * Most answers kept; the least recently used goes first. Keys come from requests (typed search
   * text, component id lists), so without a bound a caller could fill the memory.
   */
  maxEntries?: number
  now?: () => number
  /**
   * The content's current generation (a number that changes whenever the content does), or a
   * promise of it: when it differs from the one the answers were kept under, they are all dropped.
   */
  generation?: () => number | undefined | Promise<number | undefined>
}

export type TtlCache = {
  <T>(key: string, load: () => Promise<T>): Promise<T>
  /** Drops one answer, so the next read goes to the database (an edit made through this server). */
  forget(key: string): void
  /** Answers kept now. */
  readonly size: number
}

export function createTtlCache(opts: TtlCacheOptions = {}): TtlCache {
  const ttlMs = opts.ttlMs ?? 60_000
  const maxEntries = opts.maxEntries ?? 10_000
  const now = opts.now ?? Date.now
  // Map order is the recency order: a hit moves its key to the end, the first key is the oldest.
  const entries = new Map<string, { at: number; value: Promise<unknown> }>()
  let keptUnder: number | undefined

  function lookup<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key)
    if (hit && now() - hit.at < ttlMs) {
      entries.delete(key)
      entries.set(key, hit)
      return hit.value as Promise<T>
    }
    const value = load()
    const entry = { at: now(), value }
    entries.delete(key)
    entries.set(key, entry)
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
    // A failed load is not kept: the next request tries again.
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key)
    })
    return value
  }

  /** Drops everything kept under another generation; an unknown one (a failed check) keeps it. */
  function seen(generation: number | undefined) {
    if (generation === undefined || generation === keptUnder) return
    entries.clear()
    keptUnder = generation
  }

  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const generation = opts.generation?.()
    if (generation instanceof Promise)
      return generation.then((g) => {
        seen(g)
        return lookup(key, load)
      })
    seen(generation)
    return lookup(key, load)
  }
  cached.forget = (key: string) => {
    entries.delete(key)
  }
  Object.defineProperty(cached, 'size', { get: () => entries.size })
  return cached as TtlCache
}
