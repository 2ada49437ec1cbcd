/**
 * One refresh across every open tab, and news of a refresh or a logout for all of them (every tab
 * is one session): a Web Lock around the refresh, a BroadcastChannel for the news. Both
 * are feature-detected; without them the header keeps to in-tab single flight.
 */

/** The name every tab of the store locks while it refreshes. */
export const REFRESH_LOCK = 'one-header.token-refresh'
/** The channel every tab of the store listens on. */
export const AUTH_CHANNEL = 'one-header.auth'

/** What one tab tells the others. `sessionEnded`: a refresh failed; `logout`: the shopper signed out. */
export type AuthBroadcast =
  | { type: 'refreshed' }
  | { type: 'loggedOut'; reason: 'logout' | 'sessionEnded'; referrer?: string }

/** The part of `navigator.locks` used here. */
export interface LockManagerLike {
  request(name: string, callback: () => Promise<unknown>): Promise<unknown>
}

/** The part of `BroadcastChannel` used here. */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  close(): void
}

export interface TabSyncOptions {
  /** `navigator.locks` by default; null turns cross-tab locking off. */
  locks?: LockManagerLike | null
  /** `new BroadcastChannel(name)` by default; null turns the news off. */
  channel?: ((name: string) => BroadcastChannelLike) | null
  /** Told about a lock or channel that failed (the header then carries on in this tab alone). */
  onProblem?: (message: string, error: unknown) => void
}

export interface TabSync {
  /** Runs `work` while holding the refresh lock across tabs (or at once without Web Locks). */
  withLock<T>(work: () => Promise<T>): Promise<T>
  post(message: AuthBroadcast): void
  /** Subscribes to the other tabs' news; returns an unsubscribe. */
  onMessage(listener: (message: AuthBroadcast) => void): () => void
  readonly crossTab: { locks: boolean; channel: boolean }
  dispose(): void
}

export function createTabSync(options: TabSyncOptions = {}): TabSync {
  const report = options.onProblem ?? (() => {})
  const locks = options.locks === undefined ? detectLocks() : options.locks
  let channel: BroadcastChannelLike | null = null
  try {
    const open = options.channel === undefined ? detectChannel() : options.channel
    channel = open ? open(AUTH_CHANNEL) : null
  } catch (error) {
    report('could not open the BroadcastChannel; other tabs will not hear of refreshes and logouts', error)
  }
  const listeners = new Set<(message: AuthBroadcast) => void>()
  channel?.addEventListener('message', (event) => {
    const message = asBroadcast(event.data)
    if (!message) return
    for (const listener of listeners) {
      try {
        listener(message)
      } catch (error) {
        report(`a listener failed on the '${message.type}' message`, error)
      }
    }
  })

  return {
    crossTab: { locks: locks !== null, channel: channel !== null },
    async withLock<T>(work: () => Promise<T>): Promise<T> {
      if (!locks) return work()
      let ran = false
      let result: T | undefined
      try {
        await locks.request(REFRESH_LOCK, async () => {
          ran = true
          result = await work()
        })
        return result as T
      } catch (error) {
        // The work's own failure is the caller's; a refused lock falls back to in-tab only.
        if (ran) throw error
        report('the Web Lock was refused; refreshing without it', error)
        return work()
      }
    },
    post(message) {
      try {
        channel?.postMessage(message)
      } catch (error) {
        report(`could not tell the other tabs '${message.type}'`, error)
      }
    },
    onMessage(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      listeners.clear()
      try {
        channel?.close()
      } catch {
        // Closing a closed channel: nothing left to do.
      }
      channel = null
    },
  }
}

function detectLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: { request?: unknown } } }).navigator
  return nav?.locks && typeof nav.locks.request === 'function' ? (nav.locks as LockManagerLike) : null
}

function detectChannel(): ((name: string) => BroadcastChannelLike) | null {
  return typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : null
}

/** Another tab's message, checked: anything else on the channel is ignored. */
function asBroadcast(data: unknown): AuthBroadcast | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const m = data as Record<string, unknown>
  if (m.type === 'refreshed') return { type: 'refreshed' }
  if (m.type === 'loggedOut' && (m.reason === 'logout' || m.reason === 'sessionEnded'))
    return {
      type: 'loggedOut',
      reason: m.reason,
      ...(typeof m.referrer === 'string' ? { referrer: m.referrer } : {}),
    }
  return undefined
}
