import { useMemo, useSyncExternalStore } from 'react'
import type { Observable } from 'rxjs'
import type { StateStream } from '../state/stateStream'

/**
 * The latest value of an observable, read through useSyncExternalStore (TanStack Query's pattern):
 * services stay plain RxJS and know nothing of React.
 */
export function useStream<T>(source$: Observable<T> | StateStream<T>, initial: T): T {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `initial` only seeds a new store
  const store = useMemo(() => {
    // A state stream knows its current value: the first render shows it, not `initial` (no flash).
    let value = 'value' in source$ && typeof source$.value === 'function' ? source$.value() : initial
    return {
      subscribe(notify: () => void) {
        const sub = source$.subscribe((next) => {
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
