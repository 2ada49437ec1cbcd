import { safePathOr } from './safePath'

/** The CMS component of the navigation that carries the support link (contracts/cmsNames.ts re-exports it). */
export const SUPPORT_LINK_UID = 'HeaderSupportLinkComponent'

/** What the rule reads of a navigation entry (contracts/cms.ts `NavComponent` is one). */
export interface SupportLinkEntry {
  uid?: string | undefined
  linkName?: string | undefined
  url?: string | undefined
  link?: { linkName?: string | undefined; url?: string | undefined } | undefined
}

/** The labels the rule falls back to (contracts/labels.ts `Labels` has them). */
export type SupportLinkLabels = Readonly<
  Record<'header.support.label' | 'header.support.default.url', string>
>

/**
 * The support link (header spec §2): caption and url per language from the navigation data, else the
 * `header.support.*` labels (while navigation loads, or when it has no support entry). One rule for
 * the utility bar and the account menus; a url that would leave the site falls back.
 */
export function supportLink(
  navigation: readonly SupportLinkEntry[] | undefined,
  labels: SupportLinkLabels,
): { caption: string; url: string } {
  const fallbackUrl = safePathOr(labels['header.support.default.url'], '/content/contact-us')
  const entry = navigation?.find((c) => c.uid === SUPPORT_LINK_UID)
  return {
    caption: entry?.link?.linkName ?? entry?.linkName ?? labels['header.support.label'],
    url: safePathOr(entry?.link?.url ?? entry?.url, fallbackUrl),
  }
}
