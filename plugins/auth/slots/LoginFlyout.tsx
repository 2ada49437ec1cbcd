import { FloatingFocusManager } from '@floating-ui/react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { loyaltyProgrammeOn } from '../../../contracts/loyaltyProgramme'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { after } from '../../../kernel/streams/streams'
import { safeImageUrl } from '../../../site/safePath'
import { authSessionRef } from '../authRefs'
import styles from './auth.module.css'
import { CloseButton } from './CloseButton'
import { ForgotPasswordForm } from './ForgotPasswordForm'
import { LoginForm } from './LoginForm'
import { type LoginFailure, loginBanner, welcomeDelay } from './loginRules'
import { CustomBrewerBanner, LoginPrimaryBanner } from './PrimaryBanners'
import { SignupForm } from './SignupForm'
import { type PanelCloseReason, useAnchoredPanel } from './useAnchoredPanel'

/** The two tabs of the login panel (header spec §2); their element ids are exactly these. */
export const LOGIN_TABS = ['logIn', 'register'] as const
export type LoginTab = (typeof LOGIN_TABS)[number]

/** How the flyout opens: on a tab, or on the registration-success welcome (`openpopup`). */
export interface LoginStart {
  view: LoginTab | 'welcome'
  /** Opened by `?openLoginPopup`: the header spec §8 information banner shows until an error replaces it. */
  adBanner: boolean
  /** Focus the flyout's container rather than the selected tab (`openLoginPopup`, header spec §2). */
  focusContainer: boolean
  /** Opened by a resting mouse: focus stays where it is (a hover never moves the keyboard's place). */
  byHover?: boolean
}

interface Props {
  id: string
  anchor: HTMLElement | null
  start: LoginStart
  onClose: (reason: PanelCloseReason) => void
}

/**
 * The login / sign-up flyout: a non-modal dialog under the account button with WAI-ARIA tabs
 * (`logIn`, `register`; arrows, Home and End move between them and select), the header spec §8 banner, the
 * forgot-password form, the identity-provider button, and the registration-success welcome that
 * closes itself after `login.fly.out.delay.time` (default 5000 ms). Escape and a press outside close it.
 */
export default function LoginFlyout({ id, anchor, start, onClose }: Props) {
  const { labels, siteConfig } = useService(headerContextRef)
  const session = useService(authSessionRef)
  const state = useStream(session.state$, session.state$.value())
  const panel = useAnchoredPanel(anchor, onClose)
  const [view, setView] = useState<'tabs' | 'forgot' | 'welcome'>(
    start.view === 'welcome' ? 'welcome' : 'tabs',
  )
  const [tab, setTab] = useState<LoginTab>(start.view === 'register' ? 'register' : 'logIn')
  const [failure, setFailure] = useState<LoginFailure>(null)
  const containerRef = useRef<HTMLDivElement | null>(null)
  const tabRefs = useRef<Record<LoginTab, HTMLButtonElement | null>>({ logIn: null, register: null })
  const selectedTabRef = useRef<HTMLButtonElement | null>(null)
  // A sign-up signs the shopper in before it resolves; the welcome must follow, not a close.
  const registering = useRef(false)
  const titleId = useId()
  const signedIn = state.status === 'signedIn'

  // Signed in (this flyout's login, or another tab): the flyout has done its job.
  useEffect(() => {
    if (signedIn && view !== 'welcome' && !registering.current) onClose('signed-in')
  }, [signedIn, view, onClose])

  useEffect(() => {
    if (view !== 'welcome') return
    containerRef.current?.focus()
    const timer = after(welcomeDelay(siteConfig.loginFlyoutDelayMs)).subscribe(() => {
      // Focus comes back to the account button only if it was still on the welcome (not moved on).
      const focused = document.activeElement
      const here = focused === document.body || Boolean(containerRef.current?.contains(focused))
      onClose(here ? 'welcome-done' : 'outside')
    })
    return () => timer.unsubscribe()
  }, [view, siteConfig.loginFlyoutDelayMs, onClose])

  const select = (next: LoginTab, focus = false) => {
    if (next !== tab) setFailure(null)
    setTab(next)
    if (focus) tabRefs.current[next]?.focus()
  }
  const onTabKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = LOGIN_TABS.indexOf(tab)
    const last = LOGIN_TABS.length - 1
    const to: Record<string, number> = {
      ArrowRight: i === last ? 0 : i + 1,
      ArrowLeft: i === 0 ? last : i - 1,
      Home: 0,
      End: last,
    }
    const target = to[e.key]
    if (target === undefined) return
    e.preventDefault()
    select(LOGIN_TABS[target] as LoginTab, true)
  }
  const backFromForgot = () => {
    setView('tabs')
    // The tabs come back on the next render; focus returns to the selected one.
    queueMicrotask(() => tabRefs.current[tab]?.focus())
  }

  const banner = view === 'tabs' ? loginBanner(failure, start.adBanner) : null
  const tabLabel: Record<LoginTab, string> = {
    logIn: labels['header.log.in'],
    register: labels['header.create.account'],
  }
  const title =
    view === 'welcome'
      ? labels['header.welcome.message']
      : view === 'forgot'
        ? labels['login.forgot.heading']
        : tabLabel[tab]

  return (
    <FloatingFocusManager
      context={panel.context}
      modal={false}
      initialFocus={
        start.byHover ? -1 : start.focusContainer || view === 'welcome' ? containerRef : selectedTabRef
      }
      returnFocus={false}
    >
      <div
        {...panel.getFloatingProps({
          ref: (el: HTMLDivElement | null) => {
            containerRef.current = el
            panel.refs.setFloating(el)
          },
        })}
        id={id}
        role="dialog"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${styles.panel} ${styles.flyout}`}
        style={panel.style}
        data-view={view}
      >
        <div className={styles.panelHead}>
          <h2 id={titleId} className={view === 'tabs' ? styles.visuallyHidden : styles.panelTitle}>
            {title}
          </h2>
          <CloseButton label={labels['login.close']} onClick={() => onClose('close-button')} />
        </div>
        {view === 'welcome' && (
          <p className={styles.welcome} role="status">
            {labels['registration.success.message']}
          </p>
        )}
        {view === 'forgot' && <ForgotPasswordForm onBack={backFromForgot} />}
        {view === 'tabs' && (
          <>
            {banner && (
              <p
                className={banner.tone === 'error' ? styles.bannerError : styles.bannerInfo}
                role={banner.tone === 'error' ? 'alert' : 'status'}
              >
                {labels[banner.label]}
              </p>
            )}
            <div
              className={styles.tabs}
              role="tablist"
              aria-label={labels['header.account.menu.label']}
              onKeyDown={onTabKeyDown}
            >
              {LOGIN_TABS.map((t) => (
                <button
                  key={t}
                  ref={(el) => {
                    tabRefs.current[t] = el
                    if (t === tab) selectedTabRef.current = el
                  }}
                  id={t}
                  type="button"
                  role="tab"
                  className={styles.tab}
                  aria-selected={tab === t}
                  aria-controls={`${t}-panel`}
                  tabIndex={tab === t ? 0 : -1}
                  data-value={t}
                  onClick={() => select(t)}
                >
                  {tabLabel[t]}
                </button>
              ))}
            </div>
            <div id="logIn-panel" role="tabpanel" aria-labelledby="logIn" hidden={tab !== 'logIn'}>
              {siteConfig.loginPrimaryBannerContent && <LoginPrimaryBanner />}
              <LoyaltyLoginImage />
              <LoginForm
                onAttempt={() => setFailure(null)}
                onFailed={() => setFailure('login')}
                onSignedIn={() => onClose('signed-in')}
                onForgot={() => setView('forgot')}
              />
            </div>
            <div id="register-panel" role="tabpanel" aria-labelledby="register" hidden={tab !== 'register'}>
              {siteConfig.regPrimaryBannerContent && <CustomBrewerBanner />}
              <SignupForm
                onAttempt={() => {
                  registering.current = true
                  setFailure(null)
                }}
                onFailed={() => {
                  registering.current = false
                  setFailure('signup')
                }}
                onRegistered={() => setView('welcome')}
              />
            </div>
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() =>
                void session.loginWithRedirect({ screen: tab === 'register' ? 'signup' : 'login' })
              }
            >
              {labels['login.idp']}
            </button>
          </>
        )}
      </div>
    </FloatingFocusManager>
  )
}

/**
 * The loyalty programme's picture in the login flyout (header spec §3 site configuration
 * `loyalty.login.hover.image.url.horizontal`): only while the programme runs, only from
 * this site or https; its box keeps the picture's 580 × 120 proportions, so nothing moves as it loads.
 */
function LoyaltyLoginImage() {
  const { labels, siteConfig, lang } = useService(headerContextRef)
  // The picture holds words: the one in the page's language (`{lang}` in the configured address).
  const src = safeImageUrl(siteConfig.loyaltyLoginHoverImageUrl.replaceAll('{lang}', lang))
  if (!src || !loyaltyProgrammeOn(siteConfig)) return null
  return (
    <img
      className={styles.loyaltyLoginImage}
      src={src}
      alt={labels['login.loyalty.image.alt']}
      width={580}
      height={120}
      loading="lazy"
      decoding="async"
    />
  )
}
