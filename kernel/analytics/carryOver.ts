/**
 * What a page had not sent yet when it was left, handed to the next page of the same tab, so analytics
 * loses nothing to a navigation and sends nothing twice. On `pagehide` the unsent items are
 * written to session storage under `key` (a JSON array, oldest first) and stop being this page's to
 * send. Whichever page of the tab is shown next takes them: a new page as it starts, or this very page
 * when the back/forward cache brings it back (`pageshow` with `persisted`). Taking removes the key
 * before anything is sent, so a reload, or a second page, never sends them again.
 *
 * Nothing is carried where session storage is unavailable (blocked, full): the page keeps its items,
 * as it did before. What is older than `CARRY_MAX_AGE_MS` is not carried (a tab whose tag manager is
 * blocked would otherwise pass its queue on for ever), nor what is not JSON.
 */
export interface CarryOverOptions<T> {
  /** The session-storage key. */
  key: string
  /** What is still unsent, oldest first, and may be carried (consent already checked). */
  unsent(): readonly T[]
  /** `items` are in storage now: the page shown next sends them, so this one must not. */
  handedOver(items: readonly T[]): void
  /** What a previous page left, oldest first: called as the carry-over starts and on a bfcache return. */
  takeOver(items: T[]): void
  /** One stored item read back, or `undefined` when it is not one (storage is anyone's to write). */
  decode(value: unknown): T | undefined
  /** When the item was raised, in the time of `now`. */
  timeOf(item: T): number
  now?: () => number
}

/** Items older than this (5 minutes, as long as a page waits for its tag manager) are not carried. */
export const CARRY_MAX_AGE_MS = 5 * 60_000
/** Most characters written or read under one key; a longer stored text is ignored. */
export const CARRY_MAX_CHARS = 100_000

export function carryOver<T>(win: Window, opts: CarryOverOptions<T>): void {
  const now = opts.now ?? Date.now
  const fresh = (item: T) => now() - opts.timeOf(item) <= CARRY_MAX_AGE_MS

  const write = () => {
    const items: T[] = []
    const texts: string[] = []
    for (const item of opts.unsent()) {
      if (!fresh(item)) continue
      try {
        const text = JSON.stringify(item)
        if (text === undefined) continue
        items.push(item)
        texts.push(text)
      } catch {
        // Not JSON (a cycle, a BigInt): it stays with this page.
      }
    }
    // Too much for one key: the oldest stay behind.
    while (texts.length > 0 && texts.join(',').length + 2 > CARRY_MAX_CHARS) {
      texts.shift()
      items.shift()
    }
    if (items.length === 0) return
    try {
      win.sessionStorage.setItem(opts.key, `[${texts.join(',')}]`)
    } catch {
      return
    }
    opts.handedOver(items)
  }

  const read = (): T[] => {
    let text: string | null
    try {
      const storage = win.sessionStorage
      text = storage.getItem(opts.key)
      if (text === null) return []
      // Removed before anything is sent: what cannot be removed is not sent (it would be again).
      storage.removeItem(opts.key)
    } catch {
      return []
    }
    if (text.length > CARRY_MAX_CHARS) return []
    let values: unknown
    try {
      values = JSON.parse(text)
    } catch {
      return []
    }
    if (!Array.isArray(values)) return []
    const items: T[] = []
    for (const value of values) {
      const item = opts.decode(value)
      if (item !== undefined && fresh(item)) items.push(item)
    }
    return items
  }

  const takeOver = () => {
    const items = read()
    if (items.length > 0) opts.takeOver(items)
  }

  takeOver()
  if (typeof win.addEventListener !== 'function') return
  win.addEventListener('pagehide', write)
  win.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) takeOver()
  })
}

/** A plain object (what JSON.parse gives for `{…}`), for the `decode` of the carry-overs. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
