import type { ConsentGroup } from '../../contracts/consentState'
import type { SiteConfig } from '../../contracts/siteConfig'

/** A cookie of a consent group as the site configuration lists it: `name`, or `name@/path`. */
export interface ConfiguredCookie {
  name: string
  /** The path it is set on ('/' unless the entry names one: `placeOrder@/ADC`). */
  path: string
}

/** `placeOrder@/ADC` → `{ name: 'placeOrder', path: '/ADC' }`; `utag_main` → path '/'. */
export function parseConfiguredCookie(entry: string): ConfiguredCookie | undefined {
  const [name = '', path] = entry.trim().split('@')
  if (name === '') return undefined
  return { name, path: path?.startsWith('/') ? path : '/' }
}

/** Each consent group's configured cookies (site configuration `consent.*.cookies`). */
export function consentCookieGroups(config: SiteConfig): Record<ConsentGroup, ConfiguredCookie[]> {
  const read = (list: readonly string[]) =>
    list.map(parseConfiguredCookie).filter((c): c is ConfiguredCookie => c !== undefined)
  return {
    functional: read(config.consentFunctionalCookies),
    analytical: read(config.consentAnalyticalCookies),
    targeting: read(config.consentTargetingCookies),
  }
}

/** The group a cookie belongs to, or undefined for one no group lists (strictly necessary). */
export function groupOfCookie(
  groups: Record<ConsentGroup, readonly ConfiguredCookie[]>,
  name: string,
): ConsentGroup | undefined {
  for (const group of Object.keys(groups) as ConsentGroup[])
    if (groups[group].some((c) => c.name === name)) return group
  return undefined
}
