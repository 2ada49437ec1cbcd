import {
  lazy,
  type PointerEvent,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { createPortal } from 'react-dom'
import { SLOT_ACCOUNT_MENU_BANNER } from '../../../contracts/cmsNames'
import type { FirstViewShopper } from '../../../contracts/firstView'
import { SERVED_SHOPPER } from '../../../contracts/servedState'
import { contentSlotsRef } from '../../../contracts/serviceRefs'
import {
  useOptionalService,
  useServed,
  useService,
  useServiceHandle,
} from '../../../kernel/react/KernelProvider'
import { shellRootOf } from '../../../kernel/react/shellLayers'
import { useKeptPresses } from '../../../kernel/react/useKeptPresses'
import { useMediaQuery } from '../../../kernel/react/useMediaQuery'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { localizedPath } from '../../../site/language'
import { liveReplay, pendingReplay } from '../../../site/pressRecorder'
import { type AuthSession, authSessionRef, loginContentRef, loginFlyoutRef } from '../authRefs'
import { ACCOUNT_REPLAY_KEY, AccountButtonFace, accountButtonStyles } from './AccountButtonFace'
import {
  HOVER_CLOSE_DELAY_MS,
  HOVER_OPEN_DELAY_MS,
  OVERLAY_ATTRIBUTE,
  overlayTop,
} from './accountFlyoutRules'
import styles from './auth.module.css'
import { greetingParts } from './greeting'
import type { LoginStart } from './LoginFlyout'
import { accountQueryFlags } from './loginRules'
import { MOBILE_MENU_QUERY } from './MobileMenu'
import type { PanelCloseReason } from './useAnchoredPanel'

// The panels (and Floating UI) load the first time one opens: the button is all the first paint needs.
const LoginFlyout = lazy(() => import('./LoginFlyout'))
const AccountMenu = lazy(() => import('./AccountMenu'))

type Panel = null | { kind: 'menu' } | { kind: 'login'; start: LoginStart }

/** Header spec §2 query flags: `openpopup` shows the registration welcome, `openLoginPopup` the login flyout. */
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
 *
 * On desktop a mouse resting on the button opens its panel too (header spec §4), and leaving closes a panel
 * opened that way unless the shopper has moved focus into it or clicked the button (which keeps it
 * open). Under an open panel an overlay dims the page; clicking it closes the panel (accountFlyoutRules.ts).
 */
export default function AccountSlot() {
  const session = useServiceHandle(authSessionRef)
  // Whether the served link has the focus: the live button takes it when it takes the link's place.
  const servedFocus = useRef(false)
  // Before the kernel (a part hydrated from the page server's HTML), the control is the served link.
  return session ? (
    <LiveAccount session={session} servedFocus={servedFocus} />
  ) : (
    <ServedAccount focus={servedFocus} />
  )
}

/**
 * The account control before the auth plugin has started: a link to the log-in page, or, when the
 * session cookies said the shopper is signed in, their greeting to the account pages. It works
 * without any script; a press on it is kept by the page's recorder until the live button can
 * answer it (the sign-in flyout, the account menu), and goes to the link's page only if the plugin
 * never comes. The page server draws it, and the browser hydrates it, from the served shopper.
 */
function ServedAccount({ focus }: { focus: RefObject<boolean> }) {
  const { labels, lang } = useService(headerContextRef)
  const shopper = useServed<FirstViewShopper>(SERVED_SHOPPER) ?? { signedIn: false, firstName: '' }
  const text = shopper.signedIn
    ? greetingParts(labels, {
        status: 'signedIn',
        firstName: shopper.firstName,
        customerId: '',
        agent: null,
        sessionExpiresAt: 0,
      })
    : labels['header.log.in']
  const href = localizedPath(lang, shopper.signedIn ? '/my-account' : '/login')
  return (
    <div className={accountButtonStyles.account}>
      <a
        className={accountButtonStyles.accountButton}
        href={href}
        data-testid="account-button"
        ref={(el) => {
          // Hydrated while the shopper is on it (Tab before the script ran).
          if (el && document.activeElement === el) focus.current = true
        }}
        onFocus={() => {
          focus.current = true
        }}
        onBlur={() => {
          focus.current = false
        }}
        {...pendingReplay(ACCOUNT_REPLAY_KEY, href)}
      >
        <AccountButtonFace text={text} chevron={shopper.signedIn} />
      </a>
    </div>
  )
}

/** The account control with the auth plugin started: the button and its panels. */
function LiveAccount({ session, servedFocus }: { session: AuthSession; servedFocus: RefObject<boolean> }) {
  const { labels, location, siteConfig } = useService(headerContextRef)
  const loginContent = useService(loginContentRef)
  const contentSlots = useOptionalService(contentSlotsRef)
  const state = useStream(session.state$, session.state$.value())
  const signedIn = state.status === 'signedIn'
  const [panel, setPanel] = useState<Panel>(() => initialPanel(location.search, signedIn))
  const [button, setButton] = useState<HTMLButtonElement | null>(null)
  const buttonRef = useRef<HTMLButtonElement | null>(null)
  const setButtonRef = useCallback((el: HTMLButtonElement | null) => {
    buttonRef.current = el
    setButton(el)
  }, [])
  // Taking the served link's place: its focus, and a press kept on it, are the button's now.
  useLayoutEffect(() => {
    if (servedFocus.current && document.activeElement === document.body) buttonRef.current?.focus()
    servedFocus.current = false
  }, [servedFocus])
  useKeptPresses(ACCOUNT_REPLAY_KEY, true, buttonRef)
  const panelId = useId()

  const openedByHover = useRef(false)
  const close = useCallback((reason: PanelCloseReason) => {
    setPanel(null)
    // A click elsewhere, Tab away or the mouse leaving leaves focus where the shopper put it;
    // everything else (Escape, Close, the overlay) brings it back to the button.
    const keepFocus =
      reason === 'outside' || reason === 'focus-out' || reason === 'navigate' || reason === 'hover-out'
    // A panel the mouse opened never had the keyboard: Escape (perhaps meant for the page) closes it
    // without pulling focus into the header, unless focus had gone into the panel.
    const byHover = openedByHover.current
    const focusInside = accountRef.current?.contains(document.activeElement) ?? false
    openedByHover.current = false
    if (!keepFocus && (!byHover || focusInside)) buttonRef.current?.focus()
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

  const openPanel = (byHover: boolean) =>
    setPanel(
      signedIn
        ? { kind: 'menu' }
        : { kind: 'login', start: { view: 'logIn', adBanner: false, focusContainer: false, byHover } },
    )
  const toggle = () => {
    hover.cancel()
    // A click on a panel the mouse opened keeps it open (and no longer hover-bound), rather than
    // closing what the shopper is reaching for.
    if (open && openedByHover.current) openedByHover.current = false
    else if (open) setPanel(null)
    else openPanel(false)
  }

  const desktop = !useMediaQuery(MOBILE_MENU_QUERY)
  const accountRef = useRef<HTMLDivElement | null>(null)
  const hover = useHoverIntent({
    enabled: desktop,
    open: () => {
      openedByHover.current = true
      openPanel(true)
    },
    close: () => {
      if (!openedByHover.current) return
      // Focus inside the panel means the shopper is using it (typing an e-mail): it stays.
      const active = document.activeElement
      if (active && active !== buttonRef.current && accountRef.current?.contains(active)) return
      close('hover-out')
    },
  })
  const scrolledTop = useOverlayTop(open)
  // The overlay goes into the shell's root, outside <header>: the header's layer is above it, so the
  // header's own controls stay usable and uncovered, and the page under it is dimmed.
  const overlayRoot = shellRootOf(button)
  // The login tab's banner content is asked for on the way to the button, so it is there when the
  // flyout opens (its box is reserved, but a banner already in place is better still).
  const warmLoginContent = () => {
    if (!signedIn && siteConfig.loginPrimaryBannerContent) loginContent.load()
    // The account menus' CMS banner too, so the menu opens with it in place (no links moving down).
    void contentSlots?.components(SLOT_ACCOUNT_MENU_BANNER, signedIn)
  }

  const text = signedIn ? greetingParts(labels, state) : labels['header.log.in']
  return (
    <>
      {open &&
        overlayRoot &&
        createPortal(
          <div
            {...{ [OVERLAY_ATTRIBUTE]: '' }}
            className={styles.accountOverlay}
            style={{ top: scrolledTop }}
            aria-hidden="true"
            data-testid="account-overlay"
            onClick={() => close('overlay')}
          />,
          overlayRoot,
        )}
      <div
        ref={accountRef}
        className={accountButtonStyles.account}
        data-signed-in={signedIn || undefined}
        onPointerEnter={(e) => {
          warmLoginContent()
          hover.enter(e, open)
        }}
        onPointerLeave={(e) => hover.leave(e, open)}
      >
        <button
          ref={setButtonRef}
          type="button"
          className={accountButtonStyles.accountButton}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-haspopup={signedIn ? undefined : 'dialog'}
          data-testid="account-button"
          onFocus={warmLoginContent}
          onClick={toggle}
          {...liveReplay(ACCOUNT_REPLAY_KEY)}
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
    </>
  )
}

/**
 * Hover with intent, for a mouse only (touch and pen "hover" is a tap): resting HOVER_OPEN_DELAY_MS
 * on the area opens, being away HOVER_CLOSE_DELAY_MS closes; coming back in between cancels.
 */
function useHoverIntent(opts: { enabled: boolean; open: () => void; close: () => void }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latest = useRef(opts)
  latest.current = opts
  const cancel = useCallback(() => clearTimeout(timer.current), [])
  useEffect(() => cancel, [cancel])
  return {
    cancel,
    enter(e: PointerEvent, isOpen: boolean) {
      cancel()
      if (e.pointerType !== 'mouse' || !latest.current.enabled || isOpen) return
      timer.current = setTimeout(() => latest.current.open(), HOVER_OPEN_DELAY_MS)
    },
    leave(e: PointerEvent, isOpen: boolean) {
      cancel()
      if (e.pointerType !== 'mouse' || !isOpen) return
      timer.current = setTimeout(() => latest.current.close(), HOVER_CLOSE_DELAY_MS)
    },
  }
}

/** The overlay's top while a panel is open: below the header, or 0 once the page has scrolled. */
function useOverlayTop(active: boolean): number {
  const [top, setTop] = useState(() => overlayTop(window.scrollY))
  useEffect(() => {
    if (!active) return
    const follow = () => setTop(overlayTop(window.scrollY))
    follow()
    window.addEventListener('scroll', follow, { passive: true })
    return () => window.removeEventListener('scroll', follow)
  }, [active])
  return top
}
