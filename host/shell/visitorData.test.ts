// @vitest-environment jsdom
import Cookies from 'js-cookie'
import { afterEach, describe, expect, it } from 'vitest'
import { createCookieWriter } from '../../kernel/config/cookieWriter'
import { recordVisit } from './visitorData'

const BOTH = ['visitorSegments', 'visitorSession']
afterEach(() => {
  for (const name of BOTH) Cookies.remove(name)
})

describe('stored visitor data (header spec §6 targeted content)', () => {
  it('a first visit is stored as UnknownUser and the visit marked for the browser session', () => {
    recordVisit(
      createCookieWriter(() => BOTH),
      '/',
    )
    expect(Cookies.get('visitorSegments')).toBe('UnknownUser')
    expect(Cookies.get('visitorSession')).toBe('true')
    recordVisit(
      createCookieWriter(() => BOTH),
      '/c/coffee',
    )
    expect(Cookies.get('visitorSegments')).toBe('UnknownUser')
  })

  it('a later browser session (stored data, no visit cookie) makes a KnownUser', () => {
    Cookies.set('visitorSegments', 'UnknownUser~BrewerIntender')
    recordVisit(
      createCookieWriter(() => BOTH),
      '/fr/accueil',
    )
    expect(Cookies.get('visitorSegments')).toBe('KnownUser~BrewerIntender')
  })

  it('learns purchases and brewer interest from the page', () => {
    const cookies = createCookieWriter(() => BOTH)
    recordVisit(cookies, '/c/brewers')
    recordVisit(cookies, '/checkout/orderConfirmation/00012345')
    expect(Cookies.get('visitorSegments')).toBe('UnknownUser~Purchaser~BrewerIntender')
  })

  it('writes nothing the site configuration does not allow, and counts no visit without the visit cookie', () => {
    recordVisit(
      createCookieWriter(() => []),
      '/c/brewers',
    )
    expect(Cookies.get('visitorSegments')).toBeUndefined()
    Cookies.set('visitorSegments', 'UnknownUser')
    recordVisit(
      createCookieWriter(() => ['visitorSegments']),
      '/',
    )
    expect(Cookies.get('visitorSegments')).toBe('UnknownUser')
    expect(Cookies.get('visitorSession')).toBeUndefined()
  })
})
