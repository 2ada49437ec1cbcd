import styles from './accountButton.module.css'
import { type GreetingParts, leadFits } from './greeting'

export { styles as accountButtonStyles }

/**
 * The replay keys of the auth plugin's served controls (site/pressRecorder.ts): a press on the first
 * view's account control or phone menu button is answered by the live one with the same key.
 */
export const ACCOUNT_REPLAY_KEY = 'account'
export const MOBILE_MENU_REPLAY_KEY = 'mobileMenu'

/** The phone menu button's icon: three bars. */
export function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
      <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
    </svg>
  )
}

/** A person outlined: no one signed in. */
const SIGNED_OUT_ICON =
  'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0-8a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm0 10c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5zm-6 6v-1c0-1.3 2.5-3 6-3s6 1.7 6 3v1H6z'
/** The same person filled: signed in. */
const SIGNED_IN_ICON = 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5z'

/**
 * What the account button shows: the person icon, the text ("Log In", "Hi, Jamie"), and the chevron
 * of the signed-in menu. Pure, so the header's first view (host/firstView) paints the very same face
 * before the auth plugin's code has run.
 *
 * A greeting (greeting.ts greetingParts) comes in two parts, its word ("Hi,") and the name: when both do not fit, the greeting
 * word goes before the name is cut: left out of the drawing when the greeting is longer than the
 * button's room (greeting.ts leadFits), so the button is as wide as the name with no empty room beside
 * it, and, should a wide name still not fit, wrapped onto a hidden second line; a name too long on
 * its own ends in an ellipsis, and the button's accessible name stays the whole greeting.
 */
export function AccountButtonFace({ text, chevron }: { text: string | GreetingParts; chevron: boolean }) {
  return (
    <>
      {/* Signed in, the icon is filled and in the brand's colour: on a phone, where the greeting is not
          drawn, it is what tells the shopper they are signed in. */}
      <svg
        className={styles.accountIcon}
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        data-signed-in={chevron || undefined}
      >
        <path fill="currentColor" d={chevron ? SIGNED_IN_ICON : SIGNED_OUT_ICON} />
      </svg>
      {typeof text === 'object' && text.lead && leadFits(text) ? (
        <span className={styles.accountText} data-greeting="">
          <span className={styles.greetingLead}>{text.lead}</span>
          {/* Drawn as the gap between the two; there for the text and the name read out. */}{' '}
          <span className={styles.greetingName}>{text.name}</span>
        </span>
      ) : typeof text === 'object' ? (
        <span className={styles.accountText}>
          {/* Out of the drawing, not out of the name read out; the space, at the line's start, is not drawn. */}
          <span className={styles.visuallyHidden}>{text.lead}</span> {text.name}
        </span>
      ) : (
        <span className={styles.accountText}>{text}</span>
      )}
      {chevron && (
        <svg className={styles.chevron} aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
          <path fill="currentColor" d="M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z" />
        </svg>
      )}
    </>
  )
}
