import {
  BANNER_FLAG_COOKIE,
  CONSENT_COOKIE,
  CONSENT_COOKIE_DAYS,
  formatConsentCookie,
  type StoredConsent,
} from '../../contracts/consentCookie'
import { CONSENT_GROUPS, type ConsentChoices } from '../../contracts/consentState'
import type { CookieWriter } from '../../kernel/config/cookieWriter'
import type { ConfiguredCookie } from '../../kernel/consent/configuredCookies'
import { forgetVisitorProfile } from '../../site/visitorProfile'
import { VISITOR_SEGMENTS_COOKIE } from '../../site/visitorSegments'

/** Keeps a choice: the consent cookie (a year) and the banner flag set to true (nav spec §4). */
export function storeChoice(cookies: CookieWriter, stored: StoredConsent): void {
  cookies.set(CONSENT_COOKIE, formatConsentCookie(stored), { expiresDays: CONSENT_COOKIE_DAYS })
  cookies.set(BANNER_FLAG_COOKIE, 'true', { expiresDays: CONSENT_COOKIE_DAYS })
}

/**
 * Expires every configured cookie of each denied group (nav spec §4), each on its own path
 * (`placeOrder` on /ADC): the header's own, and those a tag manager or the page set. The visitor
 * profile in local storage goes with its cookie copy (`visitorSegments`): whoever wrote it (the
 * analytics, auth or loyalty plugin), it is gone at once, and at every page while denied.
 */
export function expireDenied(
  cookies: Pick<CookieWriter, 'remove'>,
  groups: ConsentChoices,
  configured: Record<keyof ConsentChoices, readonly ConfiguredCookie[]>,
  forgetProfile: () => void = forgetVisitorProfile,
): void {
  for (const group of CONSENT_GROUPS) {
    if (groups[group]) continue
    for (const { name, path } of configured[group]) cookies.remove(name, { path })
    if (configured[group].some(({ name }) => name === VISITOR_SEGMENTS_COOKIE)) forgetProfile()
  }
}
