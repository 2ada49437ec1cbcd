import { PLUGIN_ABOUT } from '../../contracts/pluginAbout'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot, lazySlot } from '../../kernel/plugin/slots'
/**
 * Main navigation bar: the top-level items of the NavigationBarSlot (only those marked visible),
 * highlighted items marked, each with its flyout panel (nav spec §2) when the CMS gives it content
 * and the site configuration's `header.cb.nav.flyout.enabled` is on; below 992 px the same
 * categories inside the phone menu. Every link followed in either is a `nav:linkClicked`, reported
 * as the tag manager's navigation events (nav spec §7).
 */
import { waitingPressKeys } from '../../site/pressRecorder'
import { navAnalytics } from './analytics'
import firstView from './firstView'
import { PANEL_REPLAY_PREFIX } from './ids'
import { navLogService } from './navLog'
import { preloadFlyoutPanel, preloadWhenPointerNears } from './slots/lazyFlyoutPanel'
import { withNavClickTracking } from './slots/NavClickTracking'
import { navBarSlot } from './slots/navBarSlot'

export default definePlugin({
  id: 'nav',
  about: PLUGIN_ABOUT.nav,
  firstView,
  services: [navLogService],
  analytics: navAnalytics,
  start: () => {
    // A panel button pressed before the bar was live (site/pressRecorder.ts): the panel's code is
    // fetched now, while the bar gets ready, so the replayed press opens the panel at once.
    if (waitingPressKeys(window).some((key) => key.startsWith(PANEL_REPLAY_PREFIX))) void preloadFlyoutPanel()
    // Otherwise as a mouse comes into the header, before it rests on an item.
    return preloadWhenPointerNears(document)
  },
  slots: {
    'header.nav': eagerSlot(navBarSlot),
    'header.mobileMenu.categories': lazySlot(() =>
      import('./phone/MobileCategories').then((m) => ({ default: withNavClickTracking(m.default) })),
    ),
  },
})
