import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  isNewsletterEmail,
  isSingularCount,
  LoyaltyDetailsResponseSchema,
  NewsletterSignupRequestSchema,
  PERKS_OPT_IN_PATH,
} from './loyalty'

describe('the loyalty contract', () => {
  it('header spec §5 newsletter e-mail: an @, a domain and a top-level domain of at least 2 letters', () => {
    for (const good of ['a@b.co', 'ana.marie+news@example.com', ' ana@example.ca ', 'x@sub.example.museum'])
      expect(isNewsletterEmail(good), good).toBe(true)
    for (const bad of [
      '',
      'ana',
      'ana@example',
      'ana@example.c',
      'ana@example.c0',
      'an a@example.com',
      'a@@b.co',
      '@b.co',
    ])
      expect(isNewsletterEmail(bad), bad).toBe(false)
  })

  it('the newsletter request is trimmed and lower-cased; subscribe defaults to false', () => {
    expect(v.parse(NewsletterSignupRequestSchema, { email: ' Ana@Example.COM ' })).toEqual({
      email: 'ana@example.com',
      subscribe: false,
    })
  })

  it('reward data: counts default to 0; the singular label is for exactly 1', () => {
    expect(v.parse(LoyaltyDetailsResponseSchema, { success: { data: {} } })).toEqual({
      success: { data: { pointsBalance: 0, activeRewards: 0 } },
    })
    expect([0, 1, 2].map(isSingularCount)).toEqual([false, true, false])
  })

  it('the perks path takes current or a customer id, encoded', () => {
    expect(PERKS_OPT_IN_PATH('current')).toBe('users/current/updatePerksOptIn')
    expect(PERKS_OPT_IN_PATH('a/b')).toBe('users/a%2Fb/updatePerksOptIn')
  })
})
