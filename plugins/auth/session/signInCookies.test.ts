import { describe, expect, it } from 'vitest'
import { signInCookies } from './signInCookies'

describe('sign-in cookies (header spec §3)', () => {
  it('order confirmation and checkout login flags by the page signed in on, in either language', () => {
    expect(signInCookies('/checkout/orderConfirmation/000123', 'password')).toEqual({
      orderConfirmationLogin: 'true',
    })
    expect(signInCookies('/fr/checkout/orderConfirmation/000123', 'idp')).toEqual({
      orderConfirmationLogin: 'true',
    })
    expect(signInCookies('/checkout/multi/delivery-address', 'password')).toEqual({ checkoutLogin: 'true' })
    expect(signInCookies('/checkout', 'password')).toEqual({ checkoutLogin: 'true' })
    expect(signInCookies('/checkoutx', 'password')).toEqual({})
    expect(signInCookies('/c/coffee', 'password')).toEqual({})
  })

  it('registrationSuccess after a sign-up only', () => {
    expect(signInCookies('/', 'signup')).toEqual({ registrationSuccess: 'true' })
    expect(signInCookies('/checkout', 'signup')).toEqual({
      checkoutLogin: 'true',
      registrationSuccess: 'true',
    })
    expect(signInCookies('/', 'agent')).toEqual({})
  })
})
