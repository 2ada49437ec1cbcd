import { describe, expect, it } from 'vitest'
import { reservedDesktopHeight, reservedMobileHeight } from '../contracts/layout'
import { isBrewerRegistration, isHomePath, routeBackground } from './routeStyle'

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
