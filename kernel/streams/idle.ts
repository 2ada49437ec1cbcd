/*
 * Waiting for the browser to be idle or to have painted: plain timers, no RxJS, so a part hydrated
 * before the kernel can use them (kernel/streams/streams.ts re-exports them).
 */

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
