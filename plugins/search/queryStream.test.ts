import { Subject } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, it } from 'vitest'
import type { Resource } from '../../kernel/state/resource'
import { latestResult, RESET, SEARCH_DEBOUNCE_MS, searchQueries } from './queryStream'

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

describe('search query stream (marbles)', () => {
  it('debounces 200 ms: a burst of keystrokes becomes one query, the last text', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(200)
    scheduler().run(({ cold, hot, expectObservable }) => {
      const text$ = cold('c 50ms o 50ms f 50ms f 50ms e 50ms e', {
        c: 'c',
        o: 'co',
        f: 'cof',
        e: 'coffe',
      })
      // Last keystroke at 255 ms, query 200 ms later.
      expectObservable(searchQueries(text$, hot('-'))).toBe('455ms q', { q: 'coffe' })
    })
  })

  it('asks only for empty text or more than 2 characters (trimmed)', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const text$ = cold('a 300ms b 300ms c 300ms d 300ms e', {
        a: 'co',
        b: '  ',
        c: 'caf',
        d: ' é ',
        e: '🙂🙂🙂',
      })
      expectObservable(searchQueries(text$, hot('-'))).toBe('200ms - 300ms b 300ms c 601ms e', {
        b: '',
        c: 'caf',
        e: '🙂🙂🙂',
      })
    })
  })

  it('distinct: the same query twice in a row is asked once; a reset lets it be asked again', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const text$ = cold('a 300ms b 300ms c 300ms d', { a: 'mug', b: 'mug ', c: 'mug', d: 'mug' })
      const reset$ = hot('800ms r')
      expectObservable(searchQueries(text$, reset$)).toBe('200ms a 599ms r 1ms d', {
        a: 'mug',
        r: RESET,
        d: 'mug',
      })
    })
  })

  it('switches to the latest: a slow older answer never shows, and its call is aborted', async () => {
    const queries = new Subject<string | null>()
    const pending = new Map<string, (r: Resource<string>) => void>()
    const aborted: string[] = []
    const seen: { query: string | null; result: Resource<string> }[] = []
    queries
      .pipe(
        latestResult<string>(
          (query, signal) =>
            new Promise((resolve) => {
              signal.addEventListener('abort', () => aborted.push(query))
              pending.set(query, resolve)
            }),
        ),
      )
      .subscribe((s) => seen.push(s))
    queries.next('slow')
    queries.next('fast')
    pending.get('fast')?.({ status: 'success', data: 'fast' })
    pending.get('slow')?.({ status: 'success', data: 'slow' })
    await Promise.resolve()
    await Promise.resolve()
    expect(aborted).toEqual(['slow'])
    expect(seen).toEqual([
      { query: 'slow', result: { status: 'loading' } },
      { query: 'fast', result: { status: 'loading' } },
      { query: 'fast', result: { status: 'success', data: 'fast' } },
    ])
    queries.next(RESET)
    expect(seen.at(-1)).toEqual({ query: RESET, result: { status: 'idle' } })
  })

  it('a search that throws by mistake gives an error value and the stream lives on', async () => {
    const queries = new Subject<string | null>()
    const seen: Resource<string>['status'][] = []
    queries
      .pipe(
        latestResult<string>(async (q) =>
          q === 'bad' ? Promise.reject(new Error('bug')) : { status: 'success', data: q },
        ),
      )
      .subscribe((s) => seen.push(s.result.status))
    queries.next('bad')
    await new Promise((r) => setTimeout(r, 0))
    queries.next('good')
    await new Promise((r) => setTimeout(r, 0))
    expect(seen).toEqual(['loading', 'error', 'loading', 'success'])
  })
})
