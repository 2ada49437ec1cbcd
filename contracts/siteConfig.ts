/**
 * Site configuration (header spec §3): the CMS sends key/value strings; the header reads them as one
 * typed object with defaults, so a missing or malformed value falls back instead of breaking a rule.
 * The reference server seeds every key below for every brand and language.
 */
import type { Entry } from './cms'

/** Each key as the CMS names it, with how to read it and its default. */
export const SITE_CONFIG_KEYS = {
  authAudience: { key: 'auth0.audience', type: 'string', fallback: '' },
  authClientId: { key: 'auth0.clientId', type: 'string', fallback: '' },
  authScope: { key: 'auth0.scope', type: 'string', fallback: 'openid profile email offline_access' },
  refreshTokenExpirySeconds: { key: 'auth0.refresh.token.expiry.seconds', type: 'number', fallback: 1800 },
  noboRefreshTokenExpirySeconds: {
    key: 'auth0.nobo.refresh.token.expiry.seconds',
    type: 'number',
    fallback: 1800,
  },
  logoutCallbackUrl: { key: 'auth0.logout.callback.url', type: 'string', fallback: '/logout' },
  loyaltyProgramEnabled: { key: 'loyalty.program.enabled', type: 'boolean', fallback: false },
  loyaltyGlobalToggle: { key: 'loyalty.global.toggle', type: 'boolean', fallback: false },
  /**
   * "The loyalty flag" of the feature flags (header spec §3): the loyalty display's own switch beside
   * the programme's two. Unset counts as on, so a store that never sends it keeps its programme;
   * 'false' takes every loyalty part off the page while the programme itself runs on.
   */
  loyaltyFeatureFlag: { key: 'isLoyaltyEnabled', type: 'boolean', fallback: true },
  languageCookieExpiryDays: { key: 'language.selected.cookie.expiry.days', type: 'number', fallback: 7 },
  sessionWarningLeadMinutes: { key: 'header.show.modal.before', type: 'number', fallback: 4 },
  /**
   * The login flyout's loyalty picture. Its words are in a language: `{lang}` in the address is
   * replaced by the page's (`en`, `fr`), so a French page shows the French picture.
   */
  loyaltyLoginHoverImageUrl: {
    key: 'loyalty.login.hover.image.url.horizontal',
    type: 'string',
    fallback: '',
  },
  searchCharacterLimit: { key: 'search.character.limit', type: 'number', fallback: 100 },
  /** Image service base of product tiles (nav spec §3 product image address). */
  productImageBaseUrl: { key: 'product.image.base.url', type: 'string', fallback: '/is/image/brewco' },
  priceGroupCookieExpiryDays: { key: 'customer.priceGroup.cookie.expiry', type: 'number', fallback: 30 },
  perksWalkupCookieExpiryDays: {
    key: 'customer.perks.walkup.group.cookie.expiry',
    type: 'number',
    fallback: 30,
  },
  navFlyoutEnabled: { key: 'header.cb.nav.flyout.enabled', type: 'boolean', fallback: true },
  sessionModalEnabled: { key: 'header.session.modal.toggle', type: 'boolean', fallback: true },
  /** 0 (unset): French on cab2c lasts as long as the general language cookie. */
  frenchCookieExpiryDays: { key: 'french.cookie.expiry.days', type: 'number', fallback: 0 },
  mobileAppEyebrowBanner: { key: 'mobile.app.eyebrow.banner.enabled', type: 'boolean', fallback: false },
  baseUrl: { key: 'base.url', type: 'string', fallback: '' },
  rotateTokenExpirySeconds: { key: 'rotate.token.expiry.seconds', type: 'number', fallback: 300 },
  loginFlyoutDelayMs: { key: 'login.fly.out.delay.time', type: 'number', fallback: 5000 },
  loginPrimaryBannerContent: { key: 'loginPrimaryBannerContent', type: 'boolean', fallback: false },
  regPrimaryBannerContent: { key: 'regPrimaryBannerContent', type: 'boolean', fallback: false },
  newButtonUI: { key: 'newButtonUI', type: 'boolean', fallback: false },
  isMyBrewsEnabled: { key: 'isMyBrewsEnabled', type: 'boolean', fallback: false },
  registerCoffeeMakerUrl: {
    key: 'header.register.coffee.maker.url',
    type: 'string',
    fallback: '/appliances/register-brewer',
  },
  /**
   * The brand's tag manager script (nav spec §7), loaded by the analytics plugin once analytical
   * consent allows it; empty: none is loaded (the page may load its own). The reference server
   * serves a recording stand-in at /utag.js.
   */
  tagManagerUrl: { key: 'analytics.tag.manager.url', type: 'string', fallback: '' },
  /** Cookies the header may write (header spec §5); a cookie not listed here is never set. Comma separated. */
  allowedCookies: { key: 'header.allowed.cookies', type: 'list', fallback: [] as string[] },
  /** Plugins switched off at run time for this brand, without a rebuild. Comma separated plugin ids. */
  disabledPlugins: { key: 'header.plugins.disabled', type: 'list', fallback: [] as string[] },
  /** CSP-style 'sha256-…' hashes of the CMS paragraph scripts allowed to run (see README, CMS scripts). */
  cmsScriptHashes: { key: 'header.cms.script.hashes', type: 'list', fallback: [] as string[] },
  /**
   * Consent (nav spec §4): the policy version the banner asks about; a new version asks every visitor
   * again. Empty: the consent plugin shows no banner (a brand that has not set its policy up).
   */
  consentPolicyVersion: { key: 'consent.policy.version', type: 'string', fallback: '' },
  /**
   * Whether optional groups are denied until the visitor chooses (opt-in, as Quebec's Law 25 and the
   * GDPR ask), rather than allowed until denied (opt-out, as California's CCPA allows).
   */
  consentOptIn: { key: 'consent.opt.in', type: 'boolean', fallback: true },
  /**
   * The cookies of each consent group, comma separated, each `name` or `name@/path` for a cookie set
   * on another path (`placeOrder@/ADC`): the header never writes one while its group is denied, and
   * expires them all when the visitor denies the group.
   */
  consentFunctionalCookies: { key: 'consent.functional.cookies', type: 'list', fallback: [] as string[] },
  consentAnalyticalCookies: { key: 'consent.analytical.cookies', type: 'list', fallback: [] as string[] },
  consentTargetingCookies: { key: 'consent.targeting.cookies', type: 'list', fallback: [] as string[] },
  /** User-agent token of the store's mobile app webview (header spec §1). */
  webviewUserAgentToken: { key: 'app.webview.useragent.token', type: 'string', fallback: 'OneHeaderApp' },
} as const

type Spec = (typeof SITE_CONFIG_KEYS)[keyof typeof SITE_CONFIG_KEYS]
type ValueOf<S extends Spec> = S['type'] extends 'number'
  ? number
  : S['type'] extends 'boolean'
    ? boolean
    : S['type'] extends 'list'
      ? string[]
      : string

export type SiteConfig = { [K in keyof typeof SITE_CONFIG_KEYS]: ValueOf<(typeof SITE_CONFIG_KEYS)[K]> } & {
  /**
   * Set only on the built-in defaults the header falls back to when the page has no configuration at
   * all: the CMS sent none in time and the browser keeps no stored copy (host/data/loadHeaderData.ts
   * `siteView`). No CMS key sets it; the search box is disabled while it is there (header spec §5).
   */
  builtInOnly?: true
}

function read(spec: Spec, raw: string | undefined): unknown {
  if (raw === undefined) return spec.fallback
  const text = raw.trim()
  switch (spec.type) {
    case 'number': {
      const n = Number(text)
      return text !== '' && Number.isFinite(n) && n >= 0 ? n : spec.fallback
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : spec.fallback
    case 'list':
      return text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    default:
      return raw
  }
}

/** Typed site configuration from CMS entries; unknown keys are ignored, bad values take the default. */
export function parseSiteConfig(entries: readonly Entry[] = []): SiteConfig {
  const byKey = new Map(entries.map((e) => [e.key, e.value]))
  const out: Record<string, unknown> = {}
  for (const [name, spec] of Object.entries(SITE_CONFIG_KEYS)) out[name] = read(spec, byKey.get(spec.key))
  return out as SiteConfig
}

export const DEFAULT_SITE_CONFIG: SiteConfig = parseSiteConfig([])

export { isServedSiteConfig } from './siteConfigServed'
