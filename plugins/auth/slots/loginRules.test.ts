import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LABEL_FALLBACKS, labelsFrom } from '../../../contracts/labels'
import { labelEntries } from '../../../contracts/labelTexts'
import { loadCorpus } from '../../../test/corpus'
import type { SessionState } from '../authRefs'
import { greetingParts, greetingText, leadFits } from './greeting'
import { accountQueryFlags, isValidEmail, type LoginFailure, loginBanner, welcomeDelay } from './loginRules'

const emails = loadCorpus('emails')

describe('email rule (header spec §5)', () => {
  it('accepts every valid address of the shared corpus and refuses every invalid one', () => {
    for (const email of emails.valid) expect(isValidEmail(email), email).toBe(true)
    for (const email of emails.invalid) expect(isValidEmail(email), email).toBe(false)
  })

  it('accepts generated addresses whose top-level domain has at least two letters', () => {
    fc.assert(
      fc.property(
        fc.emailAddress().filter((e) => /\.[A-Za-z]{2,}$/.test(e) && e.length <= 254),
        (email) => {
          expect(isValidEmail(email)).toBe(true)
        },
      ),
    )
  })

  it('refuses anything without exactly one @, with spaces inside, or with a one-letter TLD', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const text = s.trim()
        if ((text.match(/@/g) ?? []).length !== 1 || /\s/.test(text) || !/\.[A-Za-z]{2,}$/.test(text)) {
          expect(isValidEmail(s)).toBe(false)
        }
      }),
    )
  })
})

describe('login panel banner (header spec §8)', () => {
  it('login.error.text on a login error, signup.error.text on a sign-up error, the ad text only without error', () => {
    const cases: [LoginFailure, boolean, string | null][] = [
      ['login', false, 'login.error.text'],
      ['login', true, 'login.error.text'],
      ['signup', false, 'signup.error.text'],
      ['signup', true, 'signup.error.text'],
      [null, true, 'login.flyout.ad.error'],
      [null, false, null],
    ]
    for (const [failure, popup, label] of cases)
      expect(loginBanner(failure, popup)?.label ?? null).toBe(label)
    expect(loginBanner(null, true)?.tone).toBe('info')
    expect(loginBanner('login', true)?.tone).toBe('error')
  })
})

describe('query flags (header spec §2)', () => {
  it('reads openLoginPopup and openpopup as present or not', () => {
    expect(accountQueryFlags('')).toEqual({ openLoginPopup: false, openpopup: false })
    expect(accountQueryFlags('?openLoginPopup')).toEqual({ openLoginPopup: true, openpopup: false })
    expect(accountQueryFlags('?openLoginPopup=true&openpopup=1')).toEqual({
      openLoginPopup: true,
      openpopup: true,
    })
    expect(accountQueryFlags('?openpopup=false')).toEqual({ openLoginPopup: false, openpopup: false })
    expect(accountQueryFlags('?openloginpopup=true')).toEqual({ openLoginPopup: false, openpopup: false })
  })

  it('welcome delay: the configured milliseconds, else 5000', () => {
    expect(welcomeDelay(3000)).toBe(3000)
    expect(welcomeDelay(0)).toBe(5000)
    expect(welcomeDelay(Number.NaN)).toBe(5000)
  })
})

describe('greeting (header spec §1, §6)', () => {
  const signedIn = (firstName: string, agent: { csAgentId: string } | null = null) =>
    ({ status: 'signedIn', firstName, customerId: 'c', agent, sessionExpiresAt: 0 }) as Extract<
      SessionState,
      { status: 'signedIn' }
    >
  // The labels the store ships (the CMS's message map), not texts of the test's own: the spec's
  // greetings must be what a shopper is greeted with.
  const en = labelsFrom(labelEntries('usb2c', 'en'))
  const fr = labelsFrom(labelEntries('cab2c', 'fr'))

  it("the shipped greetings are the spec's texts, the built-in fallback the English one", () => {
    expect(en['header.greeting']).toBe('Hi')
    expect(labelsFrom(labelEntries('cab2c', 'en'))['header.greeting']).toBe('Hi')
    expect(fr['header.greeting']).toBe('Bienvenue')
    expect(LABEL_FALLBACKS['header.greeting']).toBe('Hi')
  })

  it('"Hi" / "Bienvenue" + first name, agent suffix before the name', () => {
    expect(greetingText(en, signedIn('Jamie'))).toBe('Hi, Jamie')
    expect(greetingText(fr, signedIn('Jamie'))).toBe('Bienvenue, Jamie')
    expect(greetingText(en, signedIn('Jamie', { csAgentId: 'a1' }))).toBe('Hi, CCR as Jamie')
    expect(greetingText(fr, signedIn('Jamie', { csAgentId: 'a1' }))).toBe('Bienvenue, CCR pour Jamie')
  })

  it('without a first name yet: "My Account" (or the agent suffix alone)', () => {
    expect(greetingText(en, signedIn(''))).toBe('My Account')
    expect(greetingText(en, signedIn('  '))).toBe('My Account')
    expect(greetingText(en, signedIn('', { csAgentId: 'a1' }))).toBe('Hi, CCR as')
  })

  it('the greeting word is drawn when the whole greeting fits the button, else the name alone', () => {
    expect(leadFits(greetingParts(fr, signedIn('Émilie')))).toBe(true)
    expect(leadFits(greetingParts(en, signedIn('Jamie')))).toBe(true)
    expect(leadFits(greetingParts(fr, signedIn('Marie-Christine')))).toBe(false)
    expect(leadFits(greetingParts(fr, signedIn('Jamie', { csAgentId: 'a1' })))).toBe(false)
    expect(leadFits(greetingParts(en, signedIn('')))).toBe(false)
  })
})
