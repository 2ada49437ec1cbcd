import type { SiteConfig } from '../../contracts/siteConfig'
import type { Brand } from '../../site/brand'
import { HOME_PATH } from '../../site/homePath'

/** Ids of the hidden inputs every host page carries (nav spec §3 "Header hidden inputs"). */
export const HIDDEN_INPUT_IDS = [
  'baseUrl',
  'brand',
  'authAudience',
  'authClientId',
  'authDomain',
  'authScope',
  'redirectUri',
  'redirectUriFr',
] as const
export type HiddenInputId = (typeof HIDDEN_INPUT_IDS)[number]

export interface HiddenInputSource {
  brand: Brand
  /** The address the page was requested at, e.g. `http://cab2c.ca.localhost:4200`. */
  origin: string
  /** Identity provider host; by default the reference server itself, which hosts the local one. */
  authDomain: string
  config: Pick<SiteConfig, 'authAudience' | 'authClientId' | 'authScope'>
}

/** The values the header reads at start: auth settings match the brand's site configuration. */
export function hiddenInputsFor(s: HiddenInputSource): Record<HiddenInputId, string> {
  return {
    baseUrl: s.origin,
    brand: s.brand,
    authAudience: s.config.authAudience,
    authClientId: s.config.authClientId,
    authDomain: s.authDomain,
    authScope: s.config.authScope,
    redirectUri: `${s.origin}/`,
    redirectUriFr: `${s.origin}${HOME_PATH.fr}`,
  }
}
