import type { SiteConfig } from './siteConfig'

/**
 * Whether the configuration is one the store served (the live answer, or the copy this browser stored
 * of an earlier one), not the built-in defaults alone.
 */
export const isServedSiteConfig = (config: SiteConfig): boolean => config.builtInOnly !== true
