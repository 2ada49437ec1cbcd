import type { Observable } from 'rxjs'

/**
 * An observable that also tells its current value synchronously (a BehaviorSubject's view). A shape
 * shared by services across plugins (contracts/serviceRefs.ts); the kernel builds them
 * (kernel/state/stateStream.ts).
 */
export type StateStream<T> = Observable<T> & { value(): T }
