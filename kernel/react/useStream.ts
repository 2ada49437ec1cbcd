import { useMemo, useSyncExternalStore } from 'react'
import type { Observable } from 'rxjs'
import type { StateStream } from '../state/stateStream'

/** What `useStream` reads: anything with RxJS's `subscribe(next)`, and a current value if it knows one. */
export interface StreamLike<T> {
  subscribe(next: (value: T) => void): { unsubscribe(): void }
  value?: () => T
}

/**
 * A stream that never changes from `value`: what a part reads where the service whose stream it
 * shows has not started yet (a served part before the kernel), without RxJS on its path.
 */
export function unchanging<T>(value: T): StreamLike<T> & { value: () => T } {
  return { subscribe: () => ({ unsubscribe: () => {} }), value: () => value }
}

/**
 * The latest value of an observable, read through useSyncExternalStore (TanStack Query's pattern):
 * services stay plain RxJS and know nothing of React.
 */
export function useStream<T>(source$: Observable<T> | StateStream<T> | StreamLike<T>, initial: T): T {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `initial` only seeds a new store
  const store = useMemo(() => {
    // A state stream knows its current value: the first render shows it, not `initial` (no flash).
    let value = 'value' in source$ && typeof source$.value === 'function' ? source$.value() : initial
    return {
      subscribe(notify: () => void) {
        const sub = source$.subscribe((next: T) => {
          value = next
          notify()
        })
        return () => sub.unsubscribe()
      },
      get: () => value,
    }
  }, [source$])
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
