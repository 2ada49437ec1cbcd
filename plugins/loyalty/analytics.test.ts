// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { KernelEvents } from '../../kernel/bus/events'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { createAnalyticsKernel } from '../../test/analyticsKernel'
import { loyaltyAnalytics } from './analytics'

/** What the tag manager receives for one event the loyalty plugin emitted. */
function tagsFor<K extends keyof KernelEvents>(type: K, payload: KernelEvents[K]) {
  const { kernel, pushed, faults, links } = createAnalyticsKernel([
    definePlugin({ id: 'loyalty', analytics: loyaltyAnalytics }),
  ])
  kernel.bus.emit(type, payload, 'loyalty')
  expect(faults).toEqual([])
  expect(pushed.every((p) => p.pluginId === 'loyalty' && p.correlationId === 'test-correlation-id')).toBe(
    true,
  )
  expect(links()).toEqual(pushed.map((p) => p.payload))
  return pushed.map((p) => p.payload)
}

describe('loyalty and newsletter analytics (nav spec §7 catalogue)', () => {
  it('loyalty_opt_in for a new member, by customer or agent; a repeat is not reported', () => {
    expect(
      tagsFor('loyalty:optedIn', { origin: 'accountMenu', agent: false, alreadyOptedIn: false }),
    ).toEqual([
      { event: 'loyalty_opt_in', program: 'perks', opt_in_location: 'accountMenu', opt_in_by: 'customer' },
    ])
    expect(tagsFor('loyalty:optedIn', { origin: 'joinModal', agent: true, alreadyOptedIn: false })).toEqual([
      { event: 'loyalty_opt_in', program: 'perks', opt_in_location: 'joinModal', opt_in_by: 'agent' },
    ])
    expect(tagsFor('loyalty:optedIn', { origin: 'header', agent: false, alreadyOptedIn: true })).toEqual([])
  })

  it('reward and redeem with the member’s points and rewards', () => {
    const counts = { pointsBalance: 1840, activeRewards: 3 }
    expect(tagsFor('loyalty:rewardsViewed', { ...counts, origin: 'phoneMenu' })).toEqual([
      {
        event: 'reward',
        program: 'perks',
        reward_location: 'phoneMenu',
        points_balance: 1840,
        active_rewards: 3,
      },
    ])
    expect(tagsFor('loyalty:redeemClicked', { ...counts, origin: 'accountMenu' })).toEqual([
      {
        event: 'redeem',
        program: 'perks',
        reward_location: 'accountMenu',
        points_balance: 1840,
        active_rewards: 3,
      },
    ])
  })

  it('a footer newsletter sign-up is the newsletter event and the footer event', () => {
    expect(tagsFor('newsletter:signedUp', { location: 'footer', lang: 'fr', termsAccepted: true })).toEqual([
      { event: 'newsletter_signup', signup_location: 'footer', language: 'fr', terms_accepted: true },
      { event: 'footer_signup', signup_type: 'newsletter' },
    ])
  })

  it('newsletter_signup_failure says why', () => {
    expect(tagsFor('newsletter:signupFailed', { location: 'footer', reason: 'server' })).toEqual([
      { event: 'newsletter_signup_failure', signup_location: 'footer', error_code: 'server' },
    ])
  })

  it('"rewards point failed" is logged, not a tag', () => {
    expect(tagsFor('loyalty:rewardsPointFailed', { status: 500, errorClass: '5xx' })).toEqual([])
  })
})
