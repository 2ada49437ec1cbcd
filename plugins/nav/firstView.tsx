import { SUPPORT_LINK_UID } from '../../contracts/cms'
import type { FirstViewProps } from '../../contracts/firstView'
import { defineFirstView } from '../../kernel/plugin/firstView'
import { NavBarView } from './slots/NavBarView'
import { visibleTopLevelItems } from './visibleItems'

/**
 * The navigation bar before this plugin's code has run: the visible top-level items in slot order,
 * links that work without script, and (with flyouts on) each item's panel button in place, whose
 * press the page's recorder keeps for the live bar (site/pressRecorder.ts).
 */
function NavFirstView({ labels, navigation, siteConfig }: FirstViewProps) {
  const items = visibleTopLevelItems(navigation, {
    exclude: [SUPPORT_LINK_UID],
    flyouts: siteConfig.navFlyoutEnabled,
  })
  return <NavBarView labels={labels} items={items} />
}

export default defineFirstView({
  needs: ['siteConfig', 'navigation'],
  slots: { 'header.nav': NavFirstView },
})
