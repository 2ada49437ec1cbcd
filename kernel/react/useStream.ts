import { useMemo, useSyncExternalStore } from 'react'
import type { BehaviorSubject, Observable } from 'rxjs'

/** An observable that also tells its current value synchronously (a BehaviorSubject's view). */
export type StateStream<T> = Observable<T> & { value(): T }

/** The read-only view of a BehaviorSubject that services hand out: subscribe, or read the value now. */
export function stateStream<T>(subject: BehaviorSubject<T>): StateStream<T> {
  return Object.assign(subject.asObservable(), { value: () => subject.getValue() })
}

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
