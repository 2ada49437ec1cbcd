import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { authSessionRef } from '../authRefs'
import { loginFlyoutRef } from '../loginFlyoutRequests'
import { AccountButtonFace, accountButtonStyles } from './AccountButtonFace'
import styles from './auth.module.css'
import { greetingText } from './greeting'
import type { LoginStart } from './LoginFlyout'
import { accountQueryFlags } from './loginRules'
import type { PanelCloseReason } from './useAnchoredPanel'

// The panels (and Floating UI) load the first time one opens: the button is all the first paint needs.
const LoginFlyout = lazy(() => import('./LoginFlyout'))
const AccountMenu = lazy(() => import('./AccountMenu'))

type Panel = null | { kind: 'menu' } | { kind: 'login'; start: LoginStart }

/** §2 query flags: `openpopup` shows the registration welcome, `openLoginPopup` the login flyout. */
function initialPanel(search: string, signedIn: boolean): Panel {
  const flags = accountQueryFlags(search)
  if (flags.openpopup)
    return { kind: 'login', start: { view: 'welcome', adBanner: false, focusContainer: true } }
  if (flags.openLoginPopup && !signedIn) {
    return { kind: 'login', start: { view: 'logIn', adBanner: true, focusContainer: true } }
  }
  return null
}

/**
 * The header's account entry (slot `header.account`). Signed out: a "Log In" button opening the
 * login / sign-up flyout (a non-modal dialog). Signed in: "Hi, {first name}" opening the account
 * menu (WAI-ARIA disclosure navigation: the button has aria-expanded and aria-controls, the menu is
 * a list of links). It is one button whose text changes, so the panel stays anchored when the shopper
 * signs in with the flyout open. The button has a fixed size (no layout shift); at 991 px and below
 * (header spec §9, the account chevron's desktop threshold) CSS shows only the icon and keeps the
 * text for assistive technology, so the accessible name stays.
 */
export default function AccountSlot() {
  const { labels, location } = useService(headerContextRef)
  const session = useService(authSessionRef)
  const state = useStream(session.state$, session.state$.value())
  const signedIn = state.status === 'signedIn'
  const [panel, setPanel] = useState<Panel>(() => initialPanel(location.search, signedIn))
  const [button, setButton] = useState<HTMLButtonElement | null>(null)
  const buttonRef = useRef<HTMLButtonElement | null>(null)
  const setButtonRef = useCallback((el: HTMLButtonElement | null) => {
    buttonRef.current = el
    setButton(el)
  }, [])
  const panelId = useId()

  const close = useCallback((reason: PanelCloseReason) => {
    setPanel(null)
    // A click elsewhere or Tab away leaves focus where the shopper put it; everything else comes back.
    if (reason !== 'outside' && reason !== 'focus-out' && reason !== 'navigate') buttonRef.current?.focus()
  }, [])

  // The mobile menu's Log In and Create Account buttons open this flyout (the plugin's
  // `auth:openLoginFlyout` handler forwards them here).
  const requests$ = useService(loginFlyoutRef).requests$
  useEffect(() => {
    const sub = requests$.subscribe((tab) =>
      setPanel({ kind: 'login', start: { view: tab, adBanner: false, focusContainer: false } }),
    )
    return () => sub.unsubscribe()
  }, [requests$])

  // Signed out elsewhere (another tab, the session dialog): the menu closes, and stays closed when
  // the shopper signs in again.
  useEffect(() => {
    if (!signedIn) setPanel((current) => (current?.kind === 'menu' ? null : current))
  }, [signedIn])
  const menuOpen = panel?.kind === 'menu' && signedIn
  const loginOpen = panel?.kind === 'login'
  const open = menuOpen || loginOpen

  const toggle = () => {
    if (open) setPanel(null)
    else if (signedIn) setPanel({ kind: 'menu' })
    else setPanel({ kind: 'login', start: { view: 'logIn', adBanner: false, focusContainer: false } })
  }

  const text = signedIn ? greetingText(labels, state) : labels['header.log.in']
  return (
    <div className={accountButtonStyles.account} data-signed-in={signedIn || undefined}>
      <button
        ref={setButtonRef}
        type="button"
        className={accountButtonStyles.accountButton}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup={signedIn ? undefined : 'dialog'}
        data-testid="account-button"
        onClick={toggle}
      >
        <AccountButtonFace text={text} chevron={signedIn} />
      </button>
      {open && (
        <Suspense
          fallback={
            <div className={styles.loaderPanel} role="status">
              <span className={styles.spinner} aria-hidden="true" />
              {labels['login.loading']}
            </div>
          }
        >
          {panel?.kind === 'login' ? (
            <LoginFlyout id={panelId} anchor={button} start={panel.start} onClose={close} />
          ) : (
            <AccountMenu id={panelId} anchor={button} onClose={close} />
          )}
        </Suspense>
      )}
    </div>
  )
}
