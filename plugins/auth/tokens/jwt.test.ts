import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jwtClaims, unsignedJwt } from './jwt'

describe('jwt claims', () => {
  it('reads exp and sub from a token, including non-ASCII claims', () => {
    expect(jwtClaims(unsignedJwt({ exp: 1_900_000_000, sub: 'c-1', name: 'Zoë' }))).toEqual({
      exp: 1_900_000_000,
      sub: 'c-1',
    })
  })

  it('reads the customer id claim, which is not the subject', () => {
    const token = unsignedJwt({ sub: '0b7e…-user-uuid', customerId: '8000000101', exp: 2_000_000_000 })
    expect(jwtClaims(token)).toEqual({ sub: '0b7e…-user-uuid', customerId: '8000000101', exp: 2_000_000_000 })
  })

  it('anything that is not a JWT with a numeric exp has no expiry', () => {
    for (const token of [undefined, '', 'abc', 'a.b', 'a.%%%.c', `x.${btoa('[1]')}.y`, `x.${btoa('null')}.y`])
      expect(jwtClaims(token)?.exp).toBeUndefined()
    expect(jwtClaims(unsignedJwt({ exp: '1900000000' }))).toEqual({})
  })

  it('property: never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (a, b, c) => {
        expect(() => jwtClaims(`${a}.${b}.${c}`)).not.toThrow()
        expect(() => jwtClaims(a)).not.toThrow()
      }),
    )
  })
})
