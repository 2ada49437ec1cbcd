import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot, lazySlot } from '../../kernel/plugin/slots'
import firstView from './firstView'
import NavBar from './slots/NavBar'
import { withNavClickTracking } from './slots/NavClickTracking'

/**
 * Main navigation bar: the top-level items of the NavigationBarSlot (only those marked visible),
 * highlighted items marked, each with its flyout panel (nav spec §2) when the CMS gives it content
 * and the site configuration's `header.cb.nav.flyout.enabled` is on; below 992 px the same
 * categories inside the phone menu. Every link followed in either is a `nav:linkClicked`, reported
 * as the tag manager's navigation events (nav spec §7).
 */
export default definePlugin({
  id: 'nav',
  firstView,
  slots: {
    'header.nav': eagerSlot(withNavClickTracking(NavBar)),
    'header.mobileMenu.categories': lazySlot(() =>
      import('./phone/MobileCategories').then((m) => ({ default: withNavClickTracking(m.default) })),
    ),
  },
})
