import { BehaviorSubject } from 'rxjs'
import type { HttpError, HttpResult } from '../http/httpError'
import type { StateStream } from '../state/stateStream'
import { stateStream } from '../state/stateStream'

/** Every fetch is a Resource (header spec §4): idle, loading, success with data, or error. */
export type Resource<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: HttpError }

/** A resource stream fed by a call: loading at once, then success or error. */
export function resourceOf<T>(call: () => Promise<HttpResult<T>>): StateStream<Resource<T>> {
  const subject = new BehaviorSubject<Resource<T>>({ status: 'loading' })
  call().then(
    (r) => subject.next(r.ok ? { status: 'success', data: r.data } : { status: 'error', error: r.error }),
    (error: unknown) => subject.next({ status: 'error', error: unexpectedError(error) }),
  )
  return stateStream(subject)
}

/** The error value of something that threw where nothing should (calls never throw). */
export function unexpectedError(error: unknown, path = ''): HttpError {
  return {
    class: 'unknown',
    payload: undefined,
    message: `Unexpected failure: ${String(error)}`,
    method: 'GET',
    path,
    correlationId: '',
  }
}

export const dataOf = <T>(r: Resource<T>): T | undefined => (r.status === 'success' ? r.data : undefined)
