import { expect, it } from 'vitest'
import { DEFAULT_SITE_CONFIG } from '../../contracts/siteConfig'
import { consentCookieGroups, groupOfCookie, parseConfiguredCookie } from './configuredCookies'

it('reads `name` and `name@/path` entries (placeOrder lives on /ADC)', () => {
  expect(parseConfiguredCookie('placeOrder@/ADC')).toEqual({ name: 'placeOrder', path: '/ADC' })
  expect(parseConfiguredCookie(' utag_main ')).toEqual({ name: 'utag_main', path: '/' })
  expect(parseConfiguredCookie('')).toBeUndefined()
  expect(parseConfiguredCookie('x@nowhere')).toEqual({ name: 'x', path: '/' })
})

it('finds the group of a configured cookie, and none for a strictly necessary one', () => {
  const groups = consentCookieGroups({
    ...DEFAULT_SITE_CONFIG,
    consentAnalyticalCookies: ['utag_main', 'placeOrder@/ADC'],
    consentTargetingCookies: ['visitorSegments'],
  })
  expect(groupOfCookie(groups, 'placeOrder')).toBe('analytical')
  expect(groupOfCookie(groups, 'visitorSegments')).toBe('targeting')
  expect(groupOfCookie(groups, 'access_token')).toBeUndefined()
})
