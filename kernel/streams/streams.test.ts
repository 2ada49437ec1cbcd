import { TestScheduler } from 'rxjs/testing'
import { describe, expect, it } from 'vitest'
import { after, debounced, every, pollUntil } from './streams'

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
