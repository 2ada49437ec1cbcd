import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react'
import { useId, useRef } from 'react'
import { useKernel, useService } from '../../../kernel/react/KernelProvider'
import { usePluginId } from '../../../kernel/react/PluginBoundary'
import { Slot } from '../../../kernel/react/Slot'
import { menuLayerOf } from '../../../kernel/react/shellLayers'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { isBrewerRegistration } from '../../../site/routeStyle'
import { authSessionRef } from '../authRefs'
import { AccountBanner } from './AccountBanner'
import { AccountLinkList, useAccountEntries } from './AccountLinks'
import { AgentLine } from './AgentLine'
import styles from './auth.module.css'
import { CloseButton } from './CloseButton'
import { greetingText } from './greeting'
import { OPEN_LOGIN_FLYOUT } from './loginEvents'

interface Props {
  id: string
  anchor: HTMLElement | null
  onClose: () => void
}

/**
 * The mobile menu's dialog: modal (focus trapped by FloatingFocusManager), the page behind does not
 * scroll (FloatingOverlay lockScroll), Escape or the close button closes it and focus returns to the
 * hamburger. First the shop's categories, which the navigation plugin puts in the nested slot
 * `header.mobileMenu.categories` (none on the brewer-registration page, whose header has no
 * navigation either), then the account part. Signed in: greeting and the account links. Signed out: Log In and Create Account open
 * the header's own login flyout on the matching tab (not the identity-provider redirect), so phone
 * and desktop sign in the same way, plus the links a visitor sees (without "Sign In", which those
 * buttons replace). It is portalled into the header root so the brand colours still apply and a
 * hidden (transformed) header cannot clip it.
 */
export default function MobileMenuDialog({ id, anchor, onClose }: Props) {
  const { bus } = useKernel()
  const pluginId = usePluginId()
  const { labels, location } = useService(headerContextRef)
  const session = useService(authSessionRef)
  const state = useStream(session.state$, session.state$.value())
  const entries = useAccountEntries()
  const titleId = useId()
  const closeRef = useRef<HTMLButtonElement | null>(null)
  const { refs, context } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onClose()
    },
    elements: { reference: anchor },
  })
  const { getFloatingProps } = useInteractions([useDismiss(context)])
  const signedIn = state.status === 'signedIn'
  const links = signedIn ? entries : entries.filter((e) => e.dataSelector !== 'sign-in')

  const openLogin = (tab: 'logIn' | 'register') => {
    onClose()
    bus.emit(OPEN_LOGIN_FLYOUT, { tab }, pluginId)
  }

  // The shell's menu layer sits before the session dialog, which thus stays on top (same layer).
  const root = menuLayerOf(anchor) ?? undefined
  return (
    <FloatingPortal root={root}>
      <FloatingOverlay lockScroll className={styles.mobileOverlay}>
        <FloatingFocusManager context={context} modal initialFocus={closeRef} returnFocus>
          <div
            {...getFloatingProps({ ref: refs.setFloating })}
            id={id}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            className={styles.mobilePanel}
          >
            <div className={styles.mobileHead}>
              <h2 id={titleId} className={styles.mobileTitle}>
                {signedIn ? greetingText(labels, state) : labels['header.mobile.menu.title']}
              </h2>
            </div>
            {!isBrewerRegistration(location.pathname) && <Slot name="header.mobileMenu.categories" />}
            {!signedIn && (
              <div className={styles.mobileActions}>
                <button type="button" className={styles.primaryButton} onClick={() => openLogin('logIn')}>
                  {labels['header.log.in']}
                </button>
                <button
                  type="button"
                  className={styles.secondaryButton}
                  onClick={() => openLogin('register')}
                >
                  {labels['header.create.account']}
                </button>
              </div>
            )}
            <AgentLine />
            <AccountBanner signedIn={signedIn} />
            {/* The loyalty plugin's member panel, opt-in form or prompt (nested slot). */}
            <Slot name="header.mobileMenu.loyalty" />
            <nav aria-label={labels['header.account.menu.label']}>
              <AccountLinkList entries={links} onChosen={onClose} />
            </nav>
            {/* Drawn at the top right, last in the menu's order: the menu reads as its title, the
                categories, then the account part, and whoever walks its buttons meets the
                categories first. It still has the focus when the menu opens, and Tab from it wraps
                to the first category, so the keyboard goes top right, then top left, down. */}
            <CloseButton
              ref={closeRef}
              label={labels['header.mobile.menu.close']}
              onClick={onClose}
              className={styles.mobileClose}
            />
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  )
}
