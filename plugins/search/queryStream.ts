import {
  asyncScheduler,
  distinctUntilChanged,
  filter,
  map,
  merge,
  Observable,
  type OperatorFunction,
  type SchedulerLike,
  switchMap,
} from 'rxjs'
import { type Resource, unexpectedError } from '../../kernel/state/resource'
import { debounced } from '../../kernel/streams/streams'
import { wantsSuggestions } from './searchText'

/** Typing settles for this long before suggestions are asked for (header spec §9). */
export const SEARCH_DEBOUNCE_MS = 200

/** A reset (sign-out, cleared results) in the query stream. */
export const RESET = null

/**
 * What to search for, from what the shopper types (header spec §5): text debounced 200 ms, trimmed,
 * only when empty or longer than 2 characters, and only when it differs from the last query. A
 * reset clears the last query, so the same text asked again after a reset is searched again.
 */
export function searchQueries(
  text$: Observable<string>,
  reset$: Observable<unknown>,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<string | typeof RESET> {
  const typed$ = text$.pipe(
    debounced<string>(SEARCH_DEBOUNCE_MS, scheduler),
    map((text) => text.trim()),
    filter(wantsSuggestions),
  )
  return merge(typed$, reset$.pipe(map(() => RESET))).pipe(distinctUntilChanged())
}

/**
 * The state of the latest query only: loading at once, then its result. A newer query cancels the
 * older call (its signal aborts), so a slow stale answer can never overwrite a newer one.
 */
export function latestResult<T>(
  search: (query: string, signal: AbortSignal) => Promise<Resource<T>>,
): OperatorFunction<string | typeof RESET, { query: string | typeof RESET; result: Resource<T> }> {
  return switchMap((query) => {
    if (query === RESET) return [{ query, result: { status: 'idle' } as Resource<T> }]
    return new Observable<{ query: string; result: Resource<T> }>((subscriber) => {
      const controller = new AbortController()
      let settled = false
      subscriber.next({ query, result: { status: 'loading' } })
      search(query, controller.signal).then(
        (result) => {
          settled = true
          subscriber.next({ query, result })
          subscriber.complete()
        },
        // Calls never throw; if a bug makes one, the box shows "no results", not a dead stream.
        (error: unknown) => {
          settled = true
          subscriber.next({ query, result: { status: 'error', error: unexpectedError(error, query) } })
          subscriber.complete()
        },
      )
      // Only a call still running is cancelled (a newer query, or nobody listening any more).
      return () => {
        if (!settled) controller.abort()
      }
    })
  })
}
