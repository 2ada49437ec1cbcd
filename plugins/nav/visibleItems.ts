import type { NavComponent } from '../../contracts/cms'
import { isVisible } from '../../contracts/cmsNames'
import { isSameOriginPath } from '../../site/safePath'
import { linkStyleOf, type NavIconName } from './linkStyle'
import { hasPanel } from './panels/hasPanel'

export interface NavItem {
  uid: string
  name: string
  url: string
  highlighted: boolean
  /** The colour its link is drawn in (linkStyle.ts: the CMS's `linkColor` when it reads, else the brand's). */
  color?: string
  /** Its icon, one of the header's own (linkStyle.ts NAV_ICON_NAMES). */
  icon?: NavIconName
  /** What the CMS asked of its look that is not drawn as asked, for the live bar's log. */
  styleProblems?: readonly string[]
  /**
   * Its CMS component, when flyouts are on and the CMS gives it panel content. The panel's model is
   * built by the panel's own (lazily loaded) code; the bar only needs to know there is one.
   */
  panel?: NavComponent
}

/**
 * The items the bar shows: visible ones only (header spec §5), with a name and a same-origin url
 * (a CMS typo such as `javascript:` or `//elsewhere` never becomes a link), minus excluded uids,
 * each with its link's checked colour and icon (linkStyle.ts);
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
    const { color, icon, problems } = linkStyleOf(c.uid, c.link)
    return [
      {
        uid: c.uid,
        name,
        url,
        highlighted: c.highlighted === 'true',
        ...(color ? { color } : {}),
        ...(icon ? { icon } : {}),
        ...(problems.length ? { styleProblems: problems } : {}),
        ...(panel ? { panel } : {}),
      },
    ]
  })
}
