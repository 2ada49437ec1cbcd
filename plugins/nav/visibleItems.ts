import { isVisible, type NavComponent } from '../../contracts/cms'
import { isSameOriginPath } from '../../site/safePath'
import { type Flyout, flyoutFor } from './flyoutPanel'

export interface NavItem {
  uid: string
  name: string
  url: string
  highlighted: boolean
  /** Its flyout panel's content, when the CMS gives it any (shown when the site configuration allows). */
  flyout?: Flyout
}

/**
 * The items the bar shows: visible ones only (header spec §5), with a name and a same-origin url
 * (a CMS typo such as `javascript:` or `//elsewhere` never becomes a link), minus excluded uids.
 */
export function visibleTopLevelItems(
  components: readonly NavComponent[],
  exclude: readonly string[] = [],
): NavItem[] {
  return components.flatMap((c) => {
    if (!isVisible(c) || exclude.includes(c.uid)) return []
    const name = (c.link?.linkName ?? c.linkName ?? '').trim()
    const url = (c.link?.url ?? c.url ?? '').trim()
    if (!name || !isSameOriginPath(url)) return []
    const flyout = flyoutFor(c.uid, c.flyoutContent)
    return [{ uid: c.uid, name, url, highlighted: c.highlighted === 'true', ...(flyout ? { flyout } : {}) }]
  })
}
