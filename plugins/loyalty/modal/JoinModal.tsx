import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react'
import { type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { useEmit } from '../../../kernel/react/PluginBoundary'
import { menuLayerOf } from '../../../kernel/react/shellLayers'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import type { LoyaltyOrigin } from '../events'
import { loyaltyRef } from '../loyaltyRefs'
import { MemberDetails } from '../slots/MemberDetails'
import { OptInForm } from '../slots/OptInForm'
import styles from './joinModal.module.css'

/** What Tab stops on inside the dialog. */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])'

// Swiper and the slides load only when the shopper asks to learn more.
const LearnMoreCarousel = lazy(() => import('./LearnMoreCarousel'))

interface Props {
  origin: LoyaltyOrigin
  /** The join button: the dialog is portalled into its shell, and focus returns to it. */
  anchor: HTMLElement | null
  onClose: () => void
  /**
   * Drawn in place rather than portalled into the shell: inside the phone menu's dialog, whose focus
   * trap then holds it as its own content, the join modal nested in it.
   */
  inline?: boolean
}

/**
 * The rewards join modal (header spec §2, §4): the WAI-ARIA modal dialog pattern (Floating UI's
 * focus manager moves focus in, traps it and gives it back to the join button; Escape and a press
 * outside close), on the modal layer (1050) with its backdrop, over the header. Its banner invites the
 * shopper in: a signed-in customer with the opt-in form, a visitor with log-in and sign-up (the
 * header's login flyout). Learn more toggles between the banner and the subscription carousel.
 */
export default function JoinModal({ origin, anchor, onClose, inline = false }: Props) {
  const { labels } = useService(headerContextRef)
  const loyalty = useService(loyaltyRef)
  const display = useStream(loyalty.display$, loyalty.display$.value())
  const emit = useEmit()
  const titleId = useId()
  const carouselId = useId()
  const closeRef = useRef<HTMLButtonElement | null>(null)
  const [view, setView] = useState<'banner' | 'carousel'>('banner')
  const { refs, context } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onClose()
    },
    elements: { reference: anchor },
  })
  const { getFloatingProps } = useInteractions([useDismiss(context, { escapeKey: false })])

  /**
   * Tab from the last control goes to the first, Shift+Tab from the first to the last: the trap holds
   * even inside the phone menu's own (the focus manager's guards there belong to the outer dialog).
   */
  const wrapTab = (e: KeyboardEvent<HTMLElement>) => {
    const controls = [...e.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter(
      (el) => !el.closest('[inert]') && el.getClientRects().length > 0,
    )
    const first = controls[0]
    const last = controls[controls.length - 1]
    if (!first || !last) return
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault()
      first.focus()
    }
  }

  const openLogin = (tab: 'logIn' | 'register') => {
    onClose()
    emit('auth:openLoginFlyout', { tab })
  }

  const dialog = (
    <>
      <FloatingOverlay lockScroll className={styles.backdrop} />
      <FloatingFocusManager context={context} modal initialFocus={closeRef} returnFocus>
        <div
          {...getFloatingProps({
            ref: refs.setFloating,
            // Escape closes this dialog only, not the phone menu it may sit in (whose own dismissal
            // listens on the document, where this key then never arrives).
            onKeyDown: (e) => {
              if (e.key === 'Tab') return wrapTab(e)
              if (e.key !== 'Escape') return
              e.stopPropagation()
              onClose()
            },
          })}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          className={styles.dialog}
          data-loyalty="join-modal"
        >
          <div className={styles.head}>
            <h2 id={titleId} className={styles.title}>
              {labels['loyalty.optin.heading']}
            </h2>
            <button
              ref={closeRef}
              type="button"
              className={styles.close}
              aria-label={labels['loyalty.modal.close']}
              onClick={onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {view === 'banner' ? (
            <div className={styles.banner}>
              <p className={styles.text}>{labels['loyalty.optin.text']}</p>
              {display.kind === 'optIn' && <OptInForm origin={origin === 'header' ? 'joinModal' : origin} />}
              {display.kind === 'member' && <MemberDetails cashback={display.cashback} origin="joinModal" />}
              {display.kind === 'visitor' && (
                <div className={styles.actions}>
                  <button type="button" className={styles.primary} onClick={() => openLogin('logIn')}>
                    {labels['loyalty.modal.signin']}
                  </button>
                  <button type="button" className={styles.secondary} onClick={() => openLogin('register')}>
                    {labels['loyalty.modal.register']}
                  </button>
                </div>
              )}
            </div>
          ) : (
            <div id={carouselId} className={styles.carouselView}>
              <Suspense fallback={<div className={styles.carouselHold} />}>
                <LearnMoreCarousel />
              </Suspense>
            </div>
          )}
          {/* One button for both ways, so the focus stays on it when the view changes. */}
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={view === 'carousel'}
            aria-controls={view === 'carousel' ? carouselId : undefined}
            data-loyalty-toggle=""
            onClick={() => setView(view === 'banner' ? 'carousel' : 'banner')}
          >
            {view === 'banner' ? labels['loyalty.learn.more'] : labels['loyalty.learn.back']}
          </button>
        </div>
      </FloatingFocusManager>
    </>
  )
  return inline ? dialog : <FloatingPortal root={menuLayerOf(anchor) ?? undefined}>{dialog}</FloatingPortal>
}
