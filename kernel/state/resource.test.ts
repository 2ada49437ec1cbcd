import { describe, expect, it } from 'vitest'
import { serverDown } from '../../test/fakes/httpFailure'
import { onDemand, type Resource } from './resource'

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('onDemand', () => {
  it('loads once per key; a failure is not asked again; another key loads afresh', async () => {
    const asked: string[] = []
    let fail = true
    const r = onDemand<string, string>(async (key) => {
      asked.push(key)
      return fail ? { status: 'error', error: serverDown() } : { status: 'success', data: key.toUpperCase() }
    }, 'x')
    expect(r.state$.value()).toEqual({ status: 'idle' })
    r.load('a')
    expect(r.state$.value()).toEqual({ status: 'loading' })
    await tick()
    expect(r.state$.value().status).toBe('error')
    fail = false
    r.load('a')
    expect(asked).toEqual(['a'])
    r.load('b')
    await tick()
    expect(r.state$.value()).toEqual({ status: 'success', data: 'B' })
    r.reset()
    r.load('b')
    await tick()
    expect(asked).toEqual(['a', 'b', 'b'])
  })

  it('an answer after a reset or a newer load changes nothing; a throw is an error value', async () => {
    const pending: ((r: Resource<string>) => void)[] = []
    const r = onDemand<string, string>(
      (key) => (key === 'boom' ? Promise.reject(new Error('boom')) : new Promise((res) => pending.push(res))),
      'path/x',
    )
    r.load('a')
    r.reset()
    pending[0]?.({ status: 'success', data: 'late' })
    await tick()
    expect(r.state$.value()).toEqual({ status: 'idle' })
    r.load('b')
    r.load('c')
    pending[1]?.({ status: 'success', data: 'b' })
    await tick()
    expect(r.state$.value()).toEqual({ status: 'loading' })
    r.load('boom')
    await tick()
    expect(r.state$.value()).toMatchObject({ status: 'error', error: { path: 'path/x' } })
  })
})
