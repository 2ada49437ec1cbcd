/**
 * The one consent state every tracker is gated on (nav spec §4: consent groups), shared by the
 * kernel (which publishes it as `consentRef`, kernel/services/kernelRefs.ts), the consent plugin
 * (which changes it) and the reference server (which records each choice, contracts/consent.ts).
 * Plain types and pure rules: no kernel, no DOM.
 */

/** The three cookie groups of the consent cookie, by what they are for. */
export const CONSENT_GROUPS = ['functional', 'analytical', 'targeting'] as const
export type ConsentGroup = (typeof CONSENT_GROUPS)[number]

/** Each group's code in the consent cookie (nav spec §4): functional c9, analytical c1, targeting c2. */
export const CONSENT_GROUP_CODES = {
  functional: 'c9',
  analytical: 'c1',
  targeting: 'c2',
} as const satisfies Record<ConsentGroup, string>

/** Allowed (true, `1` in the cookie) or denied (false, `0`) per group. */
export type ConsentChoices = Readonly<Record<ConsentGroup, boolean>>

/** Google Consent Mode v2's four signals, as a brand's tag manager reads them. */
export type ConsentModeSignal = 'granted' | 'denied'
export interface ConsentModeV2 {
  analytics_storage: ConsentModeSignal
  ad_storage: ConsentModeSignal
  ad_user_data: ConsentModeSignal
  ad_personalization: ConsentModeSignal
}

/** The consent state, as published by the kernel. Names are stable: trackers and brands read them. */
export interface ConsentState {
  /**
   * What each group may do now: the visitor's choice (or the brand's default before one), with
   * Global Privacy Control applied (GPC denies targeting whatever was chosen).
   */
  readonly groups: ConsentChoices
  /** Whether the visitor has chosen for the current policy version (false: the banner is due). */
  readonly chosen: boolean
  /** The site's current consent policy version (site configuration `consent.policy.version`). */
  readonly policyVersion: string
  /** `navigator.globalPrivacyControl` was on when the state was made. */
  readonly gpc: boolean
  /** The id of this visitor's consent records on the server (kept in the consent cookie), once chosen. */
  readonly consentId?: string
  /** The same state in Google Consent Mode v2's shape. */
  readonly consentMode: ConsentModeV2
}

const signal = (allowed: boolean): ConsentModeSignal => (allowed ? 'granted' : 'denied')

/**
 * Google Consent Mode v2 from the groups: analytics storage follows analytical (c1); the three
 * advertising signals follow targeting (c2). Functional (c9) has no Consent Mode signal.
 */
export function consentModeOf(groups: ConsentChoices): ConsentModeV2 {
  return {
    analytics_storage: signal(groups.analytical),
    ad_storage: signal(groups.targeting),
    ad_user_data: signal(groups.targeting),
    ad_personalization: signal(groups.targeting),
  }
}

/** Groups with Global Privacy Control applied: GPC is a denial of targeting (and only of that). */
export const withGpc = (groups: ConsentChoices, gpc: boolean): ConsentChoices =>
  gpc ? { ...groups, targeting: false } : groups

/** Everything allowed: a page whose brand does not manage consent behaves as it always did. */
export const ALL_ALLOWED: ConsentChoices = { functional: true, analytical: true, targeting: true }
/** Only what is strictly necessary: every optional group denied. */
export const ALL_DENIED: ConsentChoices = { functional: false, analytical: false, targeting: false }

/** A consent state from its parts; `consentMode` and GPC's effect are derived, never stored apart. */
export function consentStateOf(input: {
  choices: ConsentChoices
  chosen: boolean
  policyVersion: string
  gpc: boolean
  consentId?: string | undefined
}): ConsentState {
  const groups = withGpc(input.choices, input.gpc)
  return {
    groups,
    chosen: input.chosen,
    policyVersion: input.policyVersion,
    gpc: input.gpc,
    ...(input.consentId ? { consentId: input.consentId } : {}),
    consentMode: consentModeOf(groups),
  }
}
