import { BANNER_FLAG_COOKIE, CONSENT_COOKIE, startingConsentState } from '../../contracts/consentCookie'
import type { SiteConfig } from '../../contracts/siteConfig'
import { readCookie } from '../../kernel/config/readCookie'
import { type Consent, createConsentStore } from '../../kernel/consent/consentStore'

/** Whether the browser sends Global Privacy Control (`navigator.globalPrivacyControl`). */
export const gpcOf = (win: Window): boolean =>
  (win.navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true

/**
 * The page's one consent state (nav spec §4), made before the kernel: the tag-manager port, the
 * cookie writer and telemetry are gated on it from their first call. It starts from the consent
 * cookie (or the site's default), with GPC; the consent plugin changes it when the visitor chooses.
 */
export function consentForPage(config: SiteConfig, win: Window): Consent {
  return createConsentStore(
    startingConsentState({
      consentCookie: readCookie(CONSENT_COOKIE),
      bannerFlag: readCookie(BANNER_FLAG_COOKIE),
      policyVersion: config.consentPolicyVersion,
      optIn: config.consentOptIn,
      gpc: gpcOf(win),
    }),
  )
}
