import { describe, expect, it } from 'vitest'
import { reservedDesktopHeight, reservedMobileHeight } from './layout'

describe('reserved header height', () => {
  it('desktop: utility 32 + main 80 (85 usafh) + the categories 44 + notification 40 + promo 36', () => {
    expect(reservedDesktopHeight({ brand: 'usb2c', notification: true, promo: true })).toBe(232)
    expect(reservedDesktopHeight({ brand: 'usafh', notification: false, promo: false })).toBe(161)
    // The reduced header (brewer registration) has no categories' row.
    expect(reservedDesktopHeight({ brand: 'usb2c', notification: false, promo: true, reduced: true })).toBe(
      112,
    )
    expect(reservedMobileHeight({ brand: 'cab2c', notification: true, promo: false })).toBe(128)
    expect(reservedMobileHeight({ brand: 'cab2c', notification: false, promo: true, reduced: true })).toBe(88)
  })
})
