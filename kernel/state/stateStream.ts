import type { BehaviorSubject, Observable } from 'rxjs'

/** An observable that also tells its current value synchronously (a BehaviorSubject's view). */
export type StateStream<T> = Observable<T> & { value(): T }

/** The read-only view of a BehaviorSubject that services hand out: subscribe, or read the value now. */
export function stateStream<T>(subject: BehaviorSubject<T>): StateStream<T> {
  return Object.assign(subject.asObservable(), { value: () => subject.getValue() })
}
