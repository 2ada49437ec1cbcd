import * as v from 'valibot'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot } from '../../kernel/plugin/slots'
import NavBar from './slots/NavBar'

/**
 * Main navigation bar: the top-level items of the NavigationBarSlot (only those marked visible),
 * highlighted items marked. The flyout panels of nav spec §2 build on this in a later issue.
 */
export default definePlugin({
  id: 'nav',
  options: v.object({ menuSet: v.picklist(['consumer', 'canada', 'commercial']) }),
  slots: { 'header.nav': eagerSlot(NavBar) },
})
