import type { SiteConfig } from './siteConfig'

/**
 * Whether the loyalty programme runs on this page (header spec §3): `loyalty.program.enabled` (the
 * brand's programme) and `loyalty.global.toggle` (the switch over every brand) must both be on, and
 * the loyalty feature flag `isLoyaltyEnabled` not off (unset counts as on).
 * Off, the loyalty plugin shows nothing and asks nothing, and the login flyout shows no loyalty image;
 * the newsletter does not depend on it.
 */
export const loyaltyProgrammeOn = (
  config: Pick<SiteConfig, 'loyaltyProgramEnabled' | 'loyaltyGlobalToggle'> &
    Partial<Pick<SiteConfig, 'loyaltyFeatureFlag'>>,
) => config.loyaltyProgramEnabled && config.loyaltyGlobalToggle && config.loyaltyFeatureFlag !== false
