/**
 * CMS content changes rarely and is read on every page view, so the server keeps each answer for
 * a short time, as the store's CDN would. Edits made in the database show within `ttlMs`.
 */
export function createTtlCache(ttlMs = 60_000, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>()
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key)
    if (hit && now() - hit.at < ttlMs) return hit.value as Promise<T>
    const value = load()
    entries.set(key, { at: now(), value })
    // A failed load is not kept: the next request tries again.
    value.catch(() => entries.delete(key))
    return value
  }
  /** Drops one answer, so the next read goes to the database (an edit made through this server). */
  cached.forget = (key: string) => {
    entries.delete(key)
  }
  return cached
}
