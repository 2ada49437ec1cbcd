import { defineFirstView } from '../../kernel/plugin/firstView'
import AccountSlot from './slots/AccountSlot'
import MobileMenu from './slots/MobileMenu'
import { SiteNoticeRow } from './slots/SiteNoticeRow'

/**
 * The account control and the phone menu's button are drawn once, by their live slots: the page
 * server renders them from the shopper the session cookies name (a link to the log-in or account
 * page, a menu button whose press is kept), and the browser hydrates them before the kernel starts;
 * they answer with the sign-in flyout, the account menu and the phone menu once the plugin has. The
 * signed-in customer's site-notice row is drawn once too: the row the page reserved, filled with the
 * notice when the session and its notices are in.
 */
export default defineFirstView({
  needs: ['siteConfig', 'shopper'],
  parts: {
    'header.account': AccountSlot,
    'header.mobileMenu': MobileMenu,
    'header.siteNotice': SiteNoticeRow,
  },
})
