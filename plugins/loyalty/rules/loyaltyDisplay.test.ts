import { describe, expect, it } from 'vitest'
import { customer, SIGNED_IN } from '../test/fakes'
import { type LoyaltyDisplayInput, loyaltyDisplay } from './loyaltyDisplay'
import { rewardField } from './rewardField'

const base: LoyaltyDisplayInput = {
  programmeOn: true,
  session: SIGNED_IN,
  customer: { status: 'success', data: customer() },
  optedInHere: false,
  excludedInfo: false,
}
const withData = (extra: Parameters<typeof customer>[0], more: Partial<LoyaltyDisplayInput> = {}) =>
  loyaltyDisplay({ ...base, customer: { status: 'success', data: customer(extra) }, ...more })

describe('loyalty display (header spec §4, §6)', () => {
  it('not opted in and not excluded: the opt-in form', () => {
    expect(loyaltyDisplay(base)).toEqual({ kind: 'optIn' })
  })
  it("opted in: the member label with the cashback's formattedValue", () => {
    expect(
      withData({ perksOptIn: true, loyaltyCashbackBalance: { formattedValue: '$12.50', value: 12.5 } }),
    ).toEqual({
      kind: 'member',
      cashback: '$12.50',
    })
    expect(withData({ perksOptIn: true })).toEqual({ kind: 'member', cashback: undefined })
  })
  it('excluded: the info tooltip where the brand says so (cab2c), nothing elsewhere; even if opted in', () => {
    expect(withData({ isLoyaltyExcludedCustomer: true }, { excludedInfo: true })).toEqual({
      kind: 'excluded',
    })
    expect(withData({ isLoyaltyExcludedCustomer: true })).toEqual({ kind: 'off' })
    expect(withData({ isLoyaltyExcludedCustomer: true, perksOptIn: true }, { excludedInfo: true })).toEqual({
      kind: 'excluded',
    })
  })
  it('an opt-in made in this tab counts at once, before customer data says so', () => {
    expect(loyaltyDisplay({ ...base, optedInHere: true })).toEqual({ kind: 'member', cashback: undefined })
    expect(loyaltyDisplay({ ...base, customer: { status: 'loading' }, optedInHere: true }).kind).toBe(
      'member',
    )
  })
  it('signed out: the visitor prompt; signed in before customer data: pending; unreadable: off', () => {
    expect(loyaltyDisplay({ ...base, session: { status: 'anonymous' } })).toEqual({ kind: 'visitor' })
    expect(loyaltyDisplay({ ...base, customer: { status: 'loading' } })).toEqual({ kind: 'pending' })
    expect(loyaltyDisplay({ ...base, customer: { status: 'idle' } })).toEqual({ kind: 'pending' })
    expect(
      loyaltyDisplay({
        ...base,
        customer: {
          status: 'error',
          error: { class: '5xx', payload: '', message: '', method: 'GET', path: '', correlationId: '' },
        },
      }),
    ).toEqual({ kind: 'off' })
  })
  it('the programme switched off (loyalty.program.enabled, loyalty.global.toggle): off for everyone', () => {
    for (const session of [SIGNED_IN, { status: 'anonymous' } as const])
      expect(loyaltyDisplay({ ...base, session, programmeOn: false })).toEqual({ kind: 'off' })
  })
})

describe('reward field (header spec §2, §3)', () => {
  it.each([
    '/loyalty/rewardsHistory',
    '/membership/point-history',
    '/loyalty/rewards',
    '/membership/rewards-catalog',
    '/new/my-account/my-replenishment',
    '/my-account/my-replenishment',
    '/my-account',
    '/my-account/orders',
    '/replenishment/view-or-edit/123',
    '/fr/my-account/loyalty',
    '/fr/loyalty/rewards',
  ])('%s asks full when signed in', (path) => {
    expect(rewardField(path, true)).toBe('full')
    expect(rewardField(path, false)).toBe('basic')
  })
  it.each(['/', '/c/coffee', '/fr/accueil', '/loyalty', '/replenishment/view-or-edit', '/cart'])(
    '%s asks basic',
    (path) => expect(rewardField(path, true)).toBe('basic'),
  )
})
