import type { BrandPlugin } from './brandSchema'

/**
 * The plugins every brand runs, in start order, with their defaults. A brand file lists only what
 * differs (`withDefaultPlugins`): the options of the plugins it runs its own way.
 */
export const DEFAULT_PLUGINS: readonly BrandPlugin[] = [
  { id: 'logging' },
  // The tag manager (page views, the nav spec §7 catalogue), started after the first paint.
  { id: 'analytics' },
  // The cookie banner and the one consent state the trackers are gated on (policy in site configuration).
  { id: 'consent' },
  // Notify me and maps geocode for the page's own code (window.oneHeader.alertMe, .geocode).
  { id: 'content' },
  { id: 'nav' },
  // Search: the defaults (no currency, no image suffix, tile links as given).
  { id: 'search' },
  // The account menu; each brand names its menu set.
  { id: 'auth' },
  // Loyalty (perks) where the site configuration runs the programme; the footer newsletter.
  { id: 'loyalty' },
]

/**
 * The default plugins with `differences` in place of the entries of the same id, in the default
 * order; an entry whose plugin is not a default one comes after them.
 */
export function withDefaultPlugins(differences: readonly BrandPlugin[]): BrandPlugin[] {
  const byId = new Map(differences.map((entry) => [entry.id, entry]))
  const defaults = new Set(DEFAULT_PLUGINS.map((entry) => entry.id))
  return [
    ...DEFAULT_PLUGINS.map((entry) => byId.get(entry.id) ?? entry),
    ...differences.filter((entry) => !defaults.has(entry.id)),
  ]
}
