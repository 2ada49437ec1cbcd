/**
 * The consent cookie (nav spec §4: groups c9 functional, c1 analytical, c2 targeting; 1 allowed,
 * 0 denied) and the cookie-banner flag (header spec §3: true or false), read the same way by the page
 * server (is the banner due in the first view?) and the header (the consent state at start).
 *
 * `oneHeaderConsent=c9=1&c1=0&c2=1&v=2026-12&id=5b0c…`: one `code=value` pair per group, the policy
 * version the visitor answered (`v`) and the id of their consent records on the server (`id`).
 */
import {
  ALL_DENIED,
  CONSENT_GROUP_CODES,
  CONSENT_GROUPS,
  type ConsentChoices,
  type ConsentState,
  consentStateOf,
} from './consentState'

export const CONSENT_COOKIE = 'oneHeaderConsent'
/** The cookie-banner flag: 'true' once the visitor has answered the banner. */
export const BANNER_FLAG_COOKIE = 'cookieBannerAccepted'
/** How long a choice is kept: a year, then the banner asks again (regulators expect 6 to 13 months). */
export const CONSENT_COOKIE_DAYS = 365

/** What the consent cookie holds. */
export interface StoredConsent {
  choices: ConsentChoices
  policyVersion: string
  consentId: string
}

const SAFE_TEXT = /^[\w.:-]{1,64}$/

/** The cookie's value, or undefined when it is missing, has a group missing or a value not 0/1. */
export function parseConsentCookie(raw: string | undefined): StoredConsent | undefined {
  if (!raw) return undefined
  const pairs = new Map<string, string>()
  for (const part of raw.split('&')) {
    const at = part.indexOf('=')
    if (at > 0) pairs.set(part.slice(0, at), part.slice(at + 1))
  }
  const choices: Partial<Record<keyof ConsentChoices, boolean>> = {}
  for (const group of CONSENT_GROUPS) {
    const value = pairs.get(CONSENT_GROUP_CODES[group])
    if (value !== '0' && value !== '1') return undefined
    choices[group] = value === '1'
  }
  const policyVersion = pairs.get('v') ?? ''
  const consentId = pairs.get('id') ?? ''
  if (!SAFE_TEXT.test(policyVersion) || !SAFE_TEXT.test(consentId)) return undefined
  return { choices: choices as ConsentChoices, policyVersion, consentId }
}

/** The cookie's value for `stored` (the inverse of `parseConsentCookie`). */
export function formatConsentCookie(stored: StoredConsent): string {
  const groups = CONSENT_GROUPS.map((g) => `${CONSENT_GROUP_CODES[g]}=${stored.choices[g] ? 1 : 0}`)
  return [...groups, `v=${stored.policyVersion}`, `id=${stored.consentId}`].join('&')
}

/** What the page's cookies say about consent, and the site's consent settings. */
export interface ConsentCookies {
  consentCookie: string | undefined
  bannerFlag: string | undefined
  /** Site configuration `consent.policy.version`; '' means the site asks nothing. */
  policyVersion: string
}

/**
 * The banner is due while the flag is absent or false (nav spec §4), or when the choice stored is for
 * another policy version (a new version asks again). Never when the site has no policy version.
 */
export function isConsentDue({ consentCookie, bannerFlag, policyVersion }: ConsentCookies): boolean {
  if (policyVersion === '') return false
  const stored = parseConsentCookie(consentCookie)
  return bannerFlag !== 'true' || stored?.policyVersion !== policyVersion
}

/** Before any choice: opt-in denies analytical and targeting; opt-out allows them until denied. */
export const defaultChoices = (optIn: boolean): ConsentChoices =>
  optIn ? { ...ALL_DENIED, functional: true } : { functional: true, analytical: true, targeting: true }

/**
 * The consent state a page starts with: the stored choice when there is one (even one for an older
 * policy version: it stays the visitor's last word until they answer the new one), else the site's
 * default; GPC applied either way.
 */
export function startingConsentState(
  cookies: ConsentCookies & { optIn: boolean; gpc: boolean },
): ConsentState {
  const stored = parseConsentCookie(cookies.consentCookie)
  return consentStateOf({
    choices: stored?.choices ?? defaultChoices(cookies.optIn),
    chosen: !isConsentDue(cookies) && stored !== undefined,
    policyVersion: cookies.policyVersion,
    gpc: cookies.gpc,
    consentId: stored?.consentId,
  })
}
