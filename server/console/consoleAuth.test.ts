import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csrfMatches } from './consoleAuth'

// The shape of the tokens the console issues: base64url of random bytes, all ASCII.
const token = 'q3Zr0Jx9u_Wc-8LhT2mYfA1bKdE7sNpV'

describe('csrfMatches', () => {
  it('refuses a token of the right length with one character outside ASCII, never throws', () => {
    const sent = `é${token.slice(1)}`
    expect(sent.length).toBe(token.length)
    expect(csrfMatches(sent, token)).toBe(false)
  })

  it('for any string: never throws, true only for the token itself', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.string({ unit: 'binary', minLength: token.length, maxLength: token.length }),
          // The token with one character replaced by any code point, lone surrogates included.
          fc
            .tuple(
              fc.nat({ max: token.length - 1 }),
              fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
            )
            .map(([i, ch]) => token.slice(0, i) + ch + token.slice(i + 1)),
          fc.constant(token),
        ),
        (sent) => {
          expect(csrfMatches(sent, token)).toBe(sent === token)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('refuses what is not a string', () => {
    for (const sent of [undefined, null, 42, [token], { token }]) expect(csrfMatches(sent, token)).toBe(false)
  })
})
