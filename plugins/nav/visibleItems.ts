import type { NavComponent } from '../../contracts/cms'
import { isVisible } from '../../contracts/cmsNames'
import { isSameOriginPath } from '../../site/safePath'
import { hasPanel } from './panels/hasPanel'

export interface NavItem {
  uid: string
  name: string
  url: string
  highlighted: boolean
  /**
   * Its CMS component, when flyouts are on and the CMS gives it panel content. The panel's model is
   * built by the panel's own (lazily loaded) code; the bar only needs to know there is one.
   */
  panel?: NavComponent
}

/**
 * The items the bar shows: visible ones only (header spec §5), with a name and a same-origin url
 * (a CMS typo such as `javascript:` or `//elsewhere` never becomes a link), minus excluded uids;
 * with `flyouts` (site configuration `header.cb.nav.flyout.enabled`), each with its flyout panel.
 */
export function visibleTopLevelItems(
  components: readonly NavComponent[],
  { exclude = [], flyouts = false }: { exclude?: readonly string[]; flyouts?: boolean } = {},
): NavItem[] {
  return components.flatMap((c) => {
    if (!isVisible(c) || exclude.includes(c.uid)) return []
    const name = (c.link?.linkName ?? c.linkName ?? '').trim()
    const url = (c.link?.url ?? c.url ?? '').trim()
    if (!name || !isSameOriginPath(url)) return []
    const panel = flyouts && hasPanel(c) ? c : undefined
    return [{ uid: c.uid, name, url, highlighted: c.highlighted === 'true', ...(panel ? { panel } : {}) }]
  })
}
