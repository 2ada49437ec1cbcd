// @vitest-environment jsdom
import Cookies from 'js-cookie'
import { afterEach, describe, expect, it } from 'vitest'
import { createCookieWriter } from '../../kernel/config/cookieWriter'
import { parseVisitorProfile, VISITOR_PROFILE_KEY } from '../../site/visitorProfile'
import { recordVisit } from './visitorProfile'

const BOTH = ['visitorSegments', 'visitorSession']
const stored = () => parseVisitorProfile(localStorage.getItem(VISITOR_PROFILE_KEY))
afterEach(() => {
  for (const name of BOTH) Cookies.remove(name)
  localStorage.clear()
})

describe('the analytics plugin keeps the visitor profile (header spec §6 targeted content)', () => {
  it('a first visit is stored as UnknownUser and the visit marked for the browser session', () => {
    recordVisit(
      createCookieWriter(() => BOTH),
      '/',
      Date.UTC(2026, 10, 26),
    )
    expect(Cookies.get('visitorSegments')).toBe('UnknownUser')
    expect(Cookies.get('visitorSession')).toBe('true')
    expect(stored()).toMatchObject({
      metrics: { visits: 1 },
      current_visit: { properties: { started: '2026-11-26T00:00:00.000Z' }, metrics: { pages: 1 } },
      flags: { csr: true },
      property_sets: { segments: ['UnknownUser'] },
    })
    recordVisit(
      createCookieWriter(() => BOTH),
      '/c/coffee',
      0,
    )
    expect(Cookies.get('visitorSegments')).toBe('UnknownUser')
    expect(stored()?.current_visit.metrics.pages).toBe(2)
  })

  it('a later browser session (stored data, no visit cookie) makes a KnownUser', () => {
    Cookies.set('visitorSegments', 'UnknownUser~BrewerIntender')
    recordVisit(
      createCookieWriter(() => BOTH),
      '/fr/accueil',
      0,
    )
    expect(Cookies.get('visitorSegments')).toBe('KnownUser~BrewerIntender')
    expect(stored()?.flags.csr).toBe(false)
  })

  it('learns purchases and brewer interest from the page', () => {
    const cookies = createCookieWriter(() => BOTH)
    recordVisit(cookies, '/c/brewers', 0)
    recordVisit(cookies, '/checkout/orderConfirmation/00012345', 0)
    expect(Cookies.get('visitorSegments')).toBe('UnknownUser~Purchaser~BrewerIntender')
    expect(stored()?.badges).toEqual({ brewer_intender: true, purchaser: true })
  })

  it('writes nothing the site configuration does not allow, and counts no visit without the visit cookie', () => {
    recordVisit(
      createCookieWriter(() => []),
      '/c/brewers',
      0,
    )
    expect(Cookies.get('visitorSegments')).toBeUndefined()
    expect(localStorage.getItem(VISITOR_PROFILE_KEY)).toBeNull()
    Cookies.set('visitorSegments', 'UnknownUser')
    recordVisit(
      createCookieWriter(() => ['visitorSegments']),
      '/',
      0,
    )
    expect(Cookies.get('visitorSegments')).toBe('UnknownUser')
    expect(Cookies.get('visitorSession')).toBeUndefined()
  })
})
