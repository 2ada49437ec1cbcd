import { TestScheduler } from 'rxjs/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { after, afterNextPaint, debounced, every, pollUntil, whenIdleAndQuiet } from './streams'

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

describe('streams (marbles)', () => {
  it('debounced emits the last value after the quiet time', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const source = cold('a 50ms b 50ms c 300ms d|')
      expectObservable(source.pipe(debounced(200))).toBe('302ms c 101ms (d|)')
    })
  })

  it('pollUntil checks every interval and emits once when the check holds', () => {
    scheduler().run(({ expectObservable }) => {
      let checks = 0
      expectObservable(pollUntil(() => ++checks === 3, 30)).toBe('60ms (a|)', { a: true })
    })
  })

  it('pollUntil gives up after maxChecks without a value', () => {
    scheduler().run(({ expectObservable }) => {
      expectObservable(pollUntil(() => false, 100, { maxChecks: 3 })).toBe('300ms |')
    })
  })

  it('after and every', () => {
    scheduler().run(({ expectObservable }) => {
      expectObservable(after(1200)).toBe('1200ms (a|)', { a: 0 })
      expectObservable(every(1000), '^ 3500ms !').toBe('1000ms a 999ms b 999ms c', { a: 0, b: 1, c: 2 })
    })
  })
})

describe('afterNextPaint', () => {
  /** A window whose frames run when the test says so. */
  function framedWindow() {
    const frames = new Map<number, () => void>()
    let next = 1
    const win = {
      requestAnimationFrame: (cb: () => void) => {
        frames.set(next, cb)
        return next++
      },
      cancelAnimationFrame: (id: number) => frames.delete(id),
    } as unknown as Window
    const paint = () => {
      const due = [...frames.values()]
      frames.clear()
      for (const cb of due) cb()
    }
    return { win, paint }
  }
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

  it('runs in a task after the next frame, not before it', async () => {
    const { win, paint } = framedWindow()
    const ran: string[] = []
    afterNextPaint(() => ran.push('update'), win)
    await nextTask()
    expect(ran).toEqual([]) // no frame yet: the input's own frame comes first
    paint()
    expect(ran).toEqual([]) // not inside the frame either: a task after it
    await nextTask()
    expect(ran).toEqual(['update'])
  })

  it('cancels before the frame and between the frame and its task', async () => {
    const { win, paint } = framedWindow()
    const ran: string[] = []
    afterNextPaint(() => ran.push('a'), win)()
    const cancelB = afterNextPaint(() => ran.push('b'), win)
    paint()
    cancelB()
    await nextTask()
    expect(ran).toEqual([])
  })

  it('falls back to the next task where there are no frames', async () => {
    const ran: string[] = []
    afterNextPaint(() => ran.push('update'), {} as Window)
    expect(ran).toEqual([])
    await nextTask()
    expect(ran).toEqual(['update'])
  })
})

describe('whenIdleAndQuiet', () => {
  afterEach(() => {
    vi.useRealTimers()
  })
  /** A window whose idle callbacks run on the next timer, with fake time and real event listeners. */
  function fakeWindow() {
    const target = new EventTarget()
    return Object.assign(target, {
      performance: { now: () => Date.now() },
      requestIdleCallback: (cb: () => void) => setTimeout(cb, 1) as unknown as number,
      cancelIdleCallback: (id: number) => clearTimeout(id),
    }) as unknown as Window
  }
  const key = (win: Window) => win.dispatchEvent(new Event('keydown'))
  /** Fake time, a fake window and the work to run. */
  function setUp() {
    vi.useFakeTimers()
    return { win: fakeWindow(), ran: vi.fn() }
  }

  it('runs at the first idle moment when the shopper is not typing', () => {
    const { win, ran } = setUp()
    whenIdleAndQuiet(ran, { quietMs: 1000, maxWaitMs: 15_000 }, win)
    vi.advanceTimersByTime(2)
    expect(ran).toHaveBeenCalledTimes(1)
  })

  it('waits while keys are pressed, then runs once 1 s has passed without input', () => {
    const { win, ran } = setUp()
    whenIdleAndQuiet(ran, { quietMs: 1000, maxWaitMs: 15_000 }, win)
    key(win)
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(300)
      key(win)
    }
    expect(ran).not.toHaveBeenCalled()
    vi.advanceTimersByTime(990)
    expect(ran).not.toHaveBeenCalled()
    vi.advanceTimersByTime(20)
    expect(ran).toHaveBeenCalledTimes(1)
    // Its listeners are gone: later keys change nothing.
    key(win)
    vi.advanceTimersByTime(5000)
    expect(ran).toHaveBeenCalledTimes(1)
  })

  it('runs at the latest maxWaitMs after it was asked for, however busy the shopper is', () => {
    const { win, ran } = setUp()
    const start = Date.now()
    whenIdleAndQuiet(ran, { quietMs: 1000, maxWaitMs: 3000 }, win)
    for (let t = 0; t < 3500 && ran.mock.calls.length === 0; t += 100) {
      key(win)
      vi.advanceTimersByTime(100)
    }
    expect(ran).toHaveBeenCalledTimes(1)
    expect(Date.now() - start).toBeGreaterThanOrEqual(3000)
    expect(Date.now() - start).toBeLessThan(3000 + 1000 + 10)
  })

  it('never runs once cancelled', () => {
    const { win, ran } = setUp()
    const cancel = whenIdleAndQuiet(ran, { quietMs: 1000, maxWaitMs: 15_000 }, win)
    key(win)
    vi.advanceTimersByTime(10)
    cancel()
    vi.advanceTimersByTime(20_000)
    expect(ran).not.toHaveBeenCalled()
  })
})
