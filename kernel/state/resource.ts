import { BehaviorSubject } from 'rxjs'
import type { Resource } from '../../contracts/resource'
import type { HttpError, HttpResult } from '../http/httpError'
import type { StateStream } from '../state/stateStream'
import { stateStream } from '../state/stateStream'

/** Every fetch is a Resource (header spec §4); the shape is declared in contracts/resource.ts. */
export type { Resource } from '../../contracts/resource'

/** A resource stream fed by a call: loading at once, then success or error. */
export function resourceOf<T>(call: () => Promise<HttpResult<T>>): StateStream<Resource<T>> {
  const subject = new BehaviorSubject<Resource<T>>({ status: 'loading' })
  call().then(
    (r) => subject.next(r.ok ? { status: 'success', data: r.data } : { status: 'error', error: r.error }),
    (error: unknown) => subject.next({ status: 'error', error: unexpectedError(error) }),
  )
  return stateStream(subject)
}

/**
 * A resource asked for on demand (a flyout's content, a signed-in shopper's notices): loaded at most
 * once per key, kept until `reset`. A load for the key already loaded (or loading, or failed) does
 * nothing, so a failure is not asked again on every hover; another key loads afresh; an answer that
 * arrives after a reset or a newer load changes nothing.
 */
export interface OnDemand<T, K> {
  readonly state$: StateStream<Resource<T>>
  load(key: K): void
  /** Back to idle: the answer is forgotten and the next load asks again. */
  reset(): void
}

/** `fetch` answers success or error and never throws; if it does, that is an error value for `path`. */
export function onDemand<T, K = void>(fetch: (key: K) => Promise<Resource<T>>, path: string): OnDemand<T, K> {
  const subject = new BehaviorSubject<Resource<T>>({ status: 'idle' })
  let generation = 0
  let asked: { key: K } | undefined
  return {
    state$: stateStream(subject),
    load(key) {
      if (asked && Object.is(asked.key, key) && subject.getValue().status !== 'idle') return
      asked = { key }
      const mine = ++generation
      subject.next({ status: 'loading' })
      fetch(key).then(
        (result) => {
          if (mine === generation) subject.next(result)
        },
        (error: unknown) => {
          if (mine === generation) subject.next({ status: 'error', error: unexpectedError(error, path) })
        },
      )
    },
    reset() {
      generation += 1
      asked = undefined
      subject.next({ status: 'idle' })
    },
  }
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
