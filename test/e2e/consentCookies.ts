import { BANNER_FLAG_COOKIE, CONSENT_COOKIE, formatConsentCookie } from '../../contracts/consentCookie'
import { CONSENT_POLICY_VERSION } from '../../server/fixtures/siteConfig'

/** The host names of the three brands (test/e2e/support.ts BRAND_HOSTS, without importing axe here). */
const HOSTS = ['localhost', 'cab2c.ca.localhost', 'commercial.localhost']

/** The consent cookie of a visitor who accepted everything under the fixtures' current policy. */
export const ACCEPTED_ALL = formatConsentCookie({
  choices: { functional: true, analytical: true, targeting: true },
  policyVersion: CONSENT_POLICY_VERSION,
  consentId: 'e2e-accepted-all',
})

const cookie = (name: string, value: string, domain: string) => ({
  name,
  value,
  domain,
  path: '/',
  expires: -1,
  httpOnly: false,
  secure: false,
  sameSite: 'Lax' as const,
})

/**
 * Every browser test starts as a visitor who has answered the cookie banner by accepting all
 * (playwright.config.ts `use.storageState`): the banner would otherwise cover the bottom of the
 * viewport, and on cab2c (opt-in) trackers and the targeting cookies would wait for a choice — the
 * behaviour those specs test is the consented one. test/e2e/consent.spec.ts starts without it.
 */
export const CONSENTED_STORAGE_STATE = {
  cookies: HOSTS.flatMap((host) => [
    cookie(CONSENT_COOKIE, ACCEPTED_ALL, host),
    cookie(BANNER_FLAG_COOKIE, 'true', host),
  ]),
  origins: [],
}

/** No cookies at all: a first visit. */
export const NO_CONSENT_STORAGE_STATE = { cookies: [], origins: [] }
