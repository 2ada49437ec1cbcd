import {
  asyncScheduler,
  debounceTime,
  filter,
  map,
  type Observable,
  type SchedulerLike,
  take,
  takeWhile,
  timer,
} from 'rxjs'

export { afterNextPaint, whenIdle, whenIdleAndQuiet } from './idle'

/**
 * Small named RxJS streams. Every one takes the scheduler as a parameter so tests run them on
 * RxJS's TestScheduler (fake time, marbles) and never sleep.
 */

/** The last value after `ms` of quiet. */
export const debounced =
  <T>(ms: number, scheduler: SchedulerLike = asyncScheduler) =>
  (source$: Observable<T>): Observable<T> =>
    source$.pipe(debounceTime(ms, scheduler))

/**
 * Checks `check` every `intervalMs` (first check immediately) and emits once, when it holds; gives up
 * after `maxChecks` and completes without a value. Used for "wait until the refresh flag is free"
 * (header spec §9: poll every 30 ms) and "wait until the tag manager is loaded" (100 ms).
 */
export const pollUntil = (
  check: () => boolean,
  intervalMs: number,
  {
    maxChecks = Number.POSITIVE_INFINITY,
    scheduler = asyncScheduler,
  }: { maxChecks?: number; scheduler?: SchedulerLike } = {},
): Observable<true> =>
  timer(0, intervalMs, scheduler).pipe(
    takeWhile((n) => n < maxChecks),
    filter(() => check()),
    take(1),
    map(() => true as const),
  )

/** One value after `ms` (the 1200 ms scroll-to-top, the 1000 ms CMS scripts, the 3 s cart update). */
export const after = (ms: number, scheduler: SchedulerLike = asyncScheduler): Observable<0> =>
  timer(ms, scheduler) as Observable<0>

/** Ticks every `ms`, starting after `ms` (the session dialog's once-a-second recheck). */
export const every = (ms: number, scheduler: SchedulerLike = asyncScheduler): Observable<number> =>
  timer(ms, ms, scheduler)
