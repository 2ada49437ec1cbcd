import { TestScheduler } from 'rxjs/testing'
import { describe, expect, it } from 'vitest'
import { CART_UPDATE_DELAY_MS, cartRefreshes } from './cartRefreshes'

describe('cart count refreshes (header spec §4: 3 s after updateCart)', () => {
  it('one read 3000 ms after an update; updates inside the window ride along; a later one opens a new window', () => {
    expect(CART_UPDATE_DELAY_MS).toBe(3000)
    new TestScheduler((a, b) => expect(a).toEqual(b)).run(({ hot, expectObservable }) => {
      const updates = hot('-a 999ms b 999ms c 4999ms d')
      expectObservable(cartRefreshes(updates)).toBe('3001ms x 6999ms x', { x: 0 })
    })
  })
})
