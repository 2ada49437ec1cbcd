import { useMemo, useSyncExternalStore } from 'react'
import type { Observable } from 'rxjs'

/**
 * The latest value of an observable, read through useSyncExternalStore (TanStack Query's pattern):
 * services stay plain RxJS and know nothing of React.
 */
export function useStream<T>(source$: Observable<T>, initial: T): T {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `initial` only seeds a new store
  const store = useMemo(() => {
    let value = initial
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
