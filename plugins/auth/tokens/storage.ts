/** The part of Web Storage the account layer uses; injectable so services run without a DOM. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** An in-memory storage, for tests and for browsers that refuse storage (private modes). */
export function memoryStorage(
  initial: Record<string, string> = {},
): StorageLike & { dump(): Record<string, string> } {
  const values = new Map(Object.entries(initial))
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    dump: () => Object.fromEntries(values),
  }
}

/**
 * The page's session or local storage when it can be used, else memory. Reading `window.localStorage`
 * throws in some privacy modes, and a write can throw when the quota is full: both are absorbed.
 */
export function pageStorage(kind: 'sessionStorage' | 'localStorage'): StorageLike {
  let storage: Storage | undefined
  try {
    storage = typeof window === 'undefined' ? undefined : window[kind]
  } catch {
    storage = undefined
  }
  if (!storage) return memoryStorage()
  const target = storage
  return {
    getItem: (key) => {
      try {
        return target.getItem(key)
      } catch {
        return null
      }
    },
    setItem: (key, value) => {
      try {
        target.setItem(key, value)
      } catch {
        // A full or refused storage loses a hint, never the session (cookies carry it).
      }
    },
    removeItem: (key) => {
      try {
        target.removeItem(key)
      } catch {
        // Nothing to remove from a storage the browser refuses.
      }
    },
  }
}
