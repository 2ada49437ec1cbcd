import { TestScheduler } from 'rxjs/testing'
import { describe, expect, it } from 'vitest'
import { after, afterNextPaint, debounced, every, pollUntil } from './streams'

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
