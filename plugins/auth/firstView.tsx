import type { FirstViewProps } from '../../contracts/firstView'
import { defineFirstView } from '../../kernel/plugin/firstView'
import { localizedPath } from '../../site/language'
import { AccountButtonFace, accountButtonStyles } from './slots/AccountButtonFace'
import { greetingParts } from './slots/greeting'

/**
 * The account control before this plugin's code has run, in the account button's box: "Log In" to
 * the log-in page, or, when the session cookies say the shopper is signed in, their greeting to the
 * account pages. Plain links: a press before the plugin starts still takes the shopper there.
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
  return (
    <div className={accountButtonStyles.account}>
      <a
        className={accountButtonStyles.accountButton}
        href={localizedPath(page.lang, shopper.signedIn ? '/my-account' : '/login')}
        data-testid="account-button"
      >
        <AccountButtonFace text={text} chevron={shopper.signedIn} />
      </a>
    </div>
  )
}

export default defineFirstView({
  needs: ['siteConfig', 'shopper'],
  slots: { 'header.account': AccountFirstView },
})
