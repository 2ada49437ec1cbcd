import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nextScrollState, STICKY_THRESHOLD_PX } from './useHeaderScroll'

describe('header scroll state', () => {
  const top = { atTop: true, sticky: false, hidden: false }
  it('is sticky only past 59 px', () => {
    expect(STICKY_THRESHOLD_PX).toBe(59)
    expect(nextScrollState(0, 59, top).sticky).toBe(false)
    expect(nextScrollState(0, 60, top).sticky).toBe(true)
  })
  it('hides scrolling down and shows scrolling up', () => {
    const down = nextScrollState(100, 300, { atTop: false, sticky: true, hidden: false })
    expect(down.hidden).toBe(true)
    expect(nextScrollState(300, 250, down).hidden).toBe(false)
    expect(nextScrollState(300, 296, down).hidden).toBe(true)
  })
  it('property: never hidden unless sticky; atTop exactly at 0', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1 }), (ys) => {
        let prev = 0
        let state = top
        for (const y of ys) {
          state = nextScrollState(prev, y, state)
          prev = y
          if (state.hidden) expect(state.sticky).toBe(true)
          expect(state.atTop).toBe(y === 0)
        }
      }),
    )
  })
})
