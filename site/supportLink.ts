import type { NavComponent } from '../contracts/cms'
import { SUPPORT_LINK_UID } from '../contracts/cmsNames'
import type { Labels } from '../contracts/labels'
import { safePathOr } from './safePath'

/**
 * The support link (header spec §2): caption and url per language from the navigation data, else the
 * `header.support.*` labels (while navigation loads, or when it has no support entry). One rule for
 * the utility bar and the account menus; a url that would leave the site falls back.
 */
export function supportLink(
  navigation: readonly NavComponent[] | undefined,
  labels: Labels,
): { caption: string; url: string } {
  const fallbackUrl = safePathOr(labels['header.support.default.url'], '/content/contact-us')
  const entry = navigation?.find((c) => c.uid === SUPPORT_LINK_UID)
  return {
    caption: entry?.link?.linkName ?? entry?.linkName ?? labels['header.support.label'],
    url: safePathOr(entry?.link?.url ?? entry?.url, fallbackUrl),
  }
}
