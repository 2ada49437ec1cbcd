import { expect, it } from 'vitest'
import { ALL_ALLOWED, ALL_DENIED, consentModeOf, consentStateOf } from './consentState'

it('maps analytical to analytics_storage and targeting to the three advertising signals', () => {
  expect(consentModeOf(ALL_ALLOWED)).toEqual({
    analytics_storage: 'granted',
    ad_storage: 'granted',
    ad_user_data: 'granted',
    ad_personalization: 'granted',
  })
  expect(consentModeOf({ functional: true, analytical: true, targeting: false })).toEqual({
    analytics_storage: 'granted',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  })
  expect(consentModeOf(ALL_DENIED).analytics_storage).toBe('denied')
})

it('treats Global Privacy Control as a denial of targeting, whatever was chosen', () => {
  const s = consentStateOf({ choices: ALL_ALLOWED, chosen: true, policyVersion: 'v1', gpc: true })
  expect(s.groups).toEqual({ functional: true, analytical: true, targeting: false })
  expect(s.consentMode.ad_storage).toBe('denied')
  expect(s.consentMode.analytics_storage).toBe('granted')
})
