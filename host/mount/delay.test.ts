import { afterEach, describe, expect, it, vi } from 'vitest'
import { atMost } from './delay'

describe('atMost', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('settles with the promise, fulfilled or rejected, and never rejects', async () => {
    await expect(atMost(Promise.resolve('x'), 1000)).resolves.toBeUndefined()
    await expect(atMost(Promise.reject(new Error('no')), 1000)).resolves.toBeUndefined()
  })

  it('settles after the time given when the promise never does', async () => {
    vi.useFakeTimers()
    let settled = false
    void atMost(new Promise(() => {}), 5000).then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(4999)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBe(true)
  })
})
