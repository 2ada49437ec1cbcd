import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot, lazySlot } from '../../kernel/plugin/slots'
import firstView from './firstView'
import NavBar from './slots/NavBar'

/**
 * Main navigation bar: the top-level items of the NavigationBarSlot (only those marked visible),
 * highlighted items marked, each with its flyout panel (nav spec §2) when the CMS gives it content
 * and the site configuration's `header.cb.nav.flyout.enabled` is on.
 */
export default definePlugin({
  id: 'nav',
  firstView,
  slots: {
    'header.nav': eagerSlot(NavBar),
    'header.mobileMenu.categories': lazySlot(() => import('./phone/MobileCategories')),
  },
})
