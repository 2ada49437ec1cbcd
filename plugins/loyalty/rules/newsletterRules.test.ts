import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isNewsletterEmail, NEWSLETTER_EMAIL_MAX, newsletterProblems } from './newsletterRules'

describe('newsletter email (header spec §5: required, basic pattern, top-level domain of 2+ letters)', () => {
  it.each([
    'shopper@brewco.example',
    'a@b.co',
    'first.last+news@mail.brewco.ca',
    '  padded@brewco.com  ',
    'ÉLODIE@exemple.fr',
  ])('accepts %s', (email) => expect(isNewsletterEmail(email)).toBe(true))

  it.each([
    '',
    '   ',
    'shopper',
    'shopper@',
    '@brewco.com',
    'shopper@brewco',
    'shopper@brewco.c',
    'shopper@brewco.c0m',
    'shop per@brewco.com',
    'shopper@@brewco.com',
    'shopper@.com',
  ])('refuses %j', (email) => expect(isNewsletterEmail(email)).toBe(false))

  it('any local part and domain labels without space, @ or dot, with a letter TLD of 2+, pass', () => {
    const label = fc.stringMatching(/^[a-z0-9-]{1,20}$/)
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9._%+-]{1,30}$/),
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.stringMatching(/^[a-zA-Z]{2,10}$/),
        (local, labels, tld) => isNewsletterEmail(`${local}@${labels.join('.')}.${tld}`),
      ),
    )
  })

  it('a top-level domain of one letter, or with a digit, never passes', () => {
    fc.assert(
      fc.property(
        fc.emailAddress(),
        fc.stringMatching(/^([a-z]|[a-z]*[0-9][a-z0-9]*)$/),
        (address, tld) => !isNewsletterEmail(`${address.slice(0, address.lastIndexOf('.'))}.${tld}`),
      ),
    )
  })

  it('text with a space or without an @ never passes, whatever else it holds', () => {
    fc.assert(fc.property(fc.string(), (s) => !isNewsletterEmail(s.replace(/@/g, ''))))
    fc.assert(
      fc.property(fc.emailAddress(), fc.nat(), (address, at) => {
        const i = 1 + (at % (address.length - 1))
        return !isNewsletterEmail(`${address.slice(0, i)} ${address.slice(i)}`)
      }),
    )
  })

  it(`longer than ${NEWSLETTER_EMAIL_MAX} characters is refused`, () => {
    expect(isNewsletterEmail(`${'a'.repeat(NEWSLETTER_EMAIL_MAX)}@brewco.com`)).toBe(false)
  })
})

describe('newsletter terms (header spec §5: required where the form shows them)', () => {
  it('an unticked box stops the form only where the terms are shown', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.boolean(), fc.boolean(), (email, accepted, termsRequired) => {
        const problems = newsletterProblems({ email, accepted, termsRequired })
        const expected = termsRequired && !accepted ? ['terms'] : []
        // fast-check's addresses are RFC-valid; a few have a TLD the basic pattern refuses.
        return JSON.stringify(problems.filter((p) => p === 'terms')) === JSON.stringify(expected)
      }),
    )
  })

  it('both problems, in the order of the fields', () => {
    expect(newsletterProblems({ email: 'x', accepted: false, termsRequired: true })).toEqual([
      'email',
      'terms',
    ])
    expect(newsletterProblems({ email: 'a@b.co', accepted: true, termsRequired: true })).toEqual([])
    expect(newsletterProblems({ email: 'a@b.co', accepted: false, termsRequired: false })).toEqual([])
  })
})
