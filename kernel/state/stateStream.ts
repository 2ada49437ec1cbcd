import type { BehaviorSubject } from 'rxjs'
import type { StateStream } from '../../contracts/stateStream'

/** An observable that also tells its current value synchronously; declared in contracts/stateStream.ts. */
export type { StateStream } from '../../contracts/stateStream'

/** The read-only view of a BehaviorSubject that services hand out: subscribe, or read the value now. */
export function stateStream<T>(subject: BehaviorSubject<T>): StateStream<T> {
  return Object.assign(subject.asObservable(), { value: () => subject.getValue() })
}
