import { describe, expect, it } from 'vitest'
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
