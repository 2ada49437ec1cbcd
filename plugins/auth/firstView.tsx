import type { FirstViewProps } from '../../contracts/firstView'
import { defineFirstView } from '../../kernel/plugin/firstView'
import { localizedPath } from '../../site/language'
import { pendingReplay } from '../../site/pressRecorder'
import {
  ACCOUNT_REPLAY_KEY,
  AccountButtonFace,
  accountButtonStyles,
  MenuIcon,
  MOBILE_MENU_REPLAY_KEY,
} from './slots/AccountButtonFace'
import { greetingParts } from './slots/greeting'

/**
 * The account control before this plugin's code has run, in the account button's box: "Log In" to
 * the log-in page, or, when the session cookies say the shopper is signed in, their greeting to the
 * account pages. A link, so it works without any script; with the page's press recorder, a press
 * made before the plugin starts is kept and answered the live way (the sign-in flyout, the account
 * menu) when it does, and goes to the link's page only if the plugin never comes.
 */
function AccountFirstView({ labels, page, shopper }: FirstViewProps) {
  const text = shopper.signedIn
    ? greetingParts(labels, {
        status: 'signedIn',
        firstName: shopper.firstName,
        customerId: '',
        agent: null,
        sessionExpiresAt: 0,
      })
    : labels['header.log.in']
  const href = localizedPath(page.lang, shopper.signedIn ? '/my-account' : '/login')
  return (
    <div className={accountButtonStyles.account}>
      <a
        className={accountButtonStyles.accountButton}
        href={href}
        data-testid="account-button"
        {...pendingReplay(ACCOUNT_REPLAY_KEY, href)}
      >
        <AccountButtonFace text={text} chevron={shopper.signedIn} />
      </a>
    </div>
  )
}

/**
 * The phone menu's button before this plugin's code has run (the shell shows its area at 991 px and
 * below only): the live button's look, whose press the page's recorder keeps until the menu can open.
 * It has no page of its own to fall back to.
 */
function MobileMenuFirstView({ labels }: FirstViewProps) {
  return (
    <button
      type="button"
      className={accountButtonStyles.hamburger}
      aria-label={labels['header.mobile.menu.open']}
      aria-haspopup="dialog"
      aria-expanded={false}
      {...pendingReplay(MOBILE_MENU_REPLAY_KEY)}
    >
      <MenuIcon />
    </button>
  )
}

export default defineFirstView({
  needs: ['siteConfig', 'shopper'],
  slots: { 'header.account': AccountFirstView, 'header.mobileMenu': MobileMenuFirstView },
})
