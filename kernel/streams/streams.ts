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

/**
 * Small named RxJS streams. Every one takes the scheduler as a parameter so tests run them on
 * RxJS's TestScheduler (fake time, marbles) and never sleep (STYLE.md §8).
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

/**
 * Runs `fn` in a task after the next frame is painted (a frame callback, then a task), or in the next
 * task where frames are missing; returns the cancel. For an update the shopper's input should not
 * wait for: the input's own frame (a focus ring, a typed key) paints first, the update right after.
 */
export function afterNextPaint(fn: () => void, win: Window = window): () => void {
  let task: ReturnType<typeof setTimeout> | undefined
  const frame = win.requestAnimationFrame?.(() => {
    task = setTimeout(fn, 0)
  })
  if (frame === undefined) task = setTimeout(fn, 0)
  return () => {
    if (frame !== undefined) win.cancelAnimationFrame(frame)
    clearTimeout(task)
  }
}

/**
 * Runs `fn` when the browser is idle (`requestIdleCallback`, at most `timeoutMs` later), or after a
 * short delay where that is missing; returns the cancel. For work that must never compete with what
 * the shopper sees: loading telemetry, fetching a flyout's code ahead of its first use.
 */
export function whenIdle(fn: () => void, timeoutMs = 3000, win: Window = window): () => void {
  const w = win as Window & {
    requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number
    cancelIdleCallback?: (id: number) => void
  }
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(fn, { timeout: timeoutMs })
    return () => w.cancelIdleCallback?.(id)
  }
  const id = setTimeout(fn, 200)
  return () => clearTimeout(id)
}

/** The shopper's own input: while they type or click, background work waits. */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'input'] as const

/**
 * Like `whenIdle`, but also waits for a pause in the shopper's input: it runs once the browser is idle
 * and nothing was typed or pressed for `quietMs`, or at the latest `maxWaitMs` after it was asked for
 * (at the next idle moment). For background work that is one long task when it runs (the telemetry
 * SDK's code): an idle moment between two keystrokes is not time the shopper does not need.
 */
export function whenIdleAndQuiet(
  fn: () => void,
  { quietMs, maxWaitMs, timeoutMs = 3000 }: { quietMs: number; maxWaitMs: number; timeoutMs?: number },
  win: Window = window,
): () => void {
  const start = win.performance.now()
  let lastInput = Number.NEGATIVE_INFINITY
  const onInput = () => {
    lastInput = win.performance.now()
  }
  for (const type of INPUT_EVENTS) win.addEventListener(type, onInput, { capture: true, passive: true })
  const stopListening = () => {
    for (const type of INPUT_EVENTS) win.removeEventListener(type, onInput, { capture: true })
  }
  let cancelStep = () => {}
  let cancelled = false
  const step = () => {
    if (cancelled) return
    const now = win.performance.now()
    const quietFor = now - lastInput
    if (quietFor >= quietMs || now - start >= maxWaitMs) {
      stopListening()
      fn()
      return
    }
    // Input came recently: look again once it has been quiet for long enough.
    const timer = setTimeout(() => {
      cancelStep = whenIdle(step, timeoutMs, win)
    }, quietMs - quietFor)
    cancelStep = () => clearTimeout(timer)
  }
  cancelStep = whenIdle(step, timeoutMs, win)
  return () => {
    cancelled = true
    cancelStep()
    stopListening()
  }
}
