import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot } from '../../kernel/plugin/slots'
import { NavOptionsSchema } from './navOptions'
import NavBar from './slots/NavBar'

/**
 * Main navigation bar: the top-level items of the NavigationBarSlot (only those marked visible),
 * highlighted items marked. The flyout panels of nav spec §2 build on this in a later issue; they
 * read the brand's `menuSet` option (navOptions.ts).
 */
export default definePlugin({
  id: 'nav',
  options: NavOptionsSchema,
  slots: { 'header.nav': eagerSlot(NavBar) },
})
