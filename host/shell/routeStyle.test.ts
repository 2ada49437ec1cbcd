import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { reservedDesktopHeight, reservedMobileHeight } from '../../contracts/layout'
import { isBrewerRegistration, isHomePath, routeBackground } from './routeStyle'
import { nextScrollState, STICKY_THRESHOLD_PX } from './useHeaderScroll'

describe('route looks', () => {
  it.each([
    ['/', 'grey'],
    ['/fr/accueil', 'grey'],
    ['/quiz', 'grey'],
    ['/fr/coffeemakerquiz/results', 'grey'],
    ['/cart', 'white'],
    ['/quizzes-are-fun', 'white'],
  ])('%s has a %s background', (path, bg) => expect(routeBackground(path)).toBe(bg))

  it('home and brewer registration', () => {
    expect(isHomePath('/')).toBe(true)
    expect(isHomePath('/fr/accueil/')).toBe(true)
    expect(isHomePath('/cart')).toBe(false)
    expect(isBrewerRegistration('/brewer-registration')).toBe(true)
    expect(isBrewerRegistration('/appliances/register-brewer')).toBe(false)
  })
})

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

describe('reserved header height', () => {
  it('desktop: utility 32 + main 80 (85 usafh) + notification 40 + promo 36', () => {
    expect(reservedDesktopHeight({ brand: 'usb2c', notification: true, promo: true })).toBe(188)
    expect(reservedDesktopHeight({ brand: 'usafh', notification: false, promo: false })).toBe(117)
    expect(reservedMobileHeight({ brand: 'cab2c', notification: true, promo: false })).toBe(172)
    expect(reservedMobileHeight({ brand: 'cab2c', notification: false, promo: true, reduced: true })).toBe(88)
  })
})
