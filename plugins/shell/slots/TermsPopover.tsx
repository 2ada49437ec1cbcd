import {
  FloatingFocusManager,
  FloatingPortal,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react'
import { type RefObject, useEffect } from 'react'
import type { Labels } from '../../../contracts/labels'
import styles from './shell.module.css'

/**
 * The popover's width: navigation spec §9 caps every popover at 276 px. The header spec's older
 * "popover width 290 px" is wider than that cap, so the cap wins; the stylesheet's `.popover` holds
 * the same number as its `max-width`.
 */
export const TERMS_POPOVER_WIDTH_PX = 276

interface Props {
  id: string
  anchor: RefObject<HTMLButtonElement | null>
  open: boolean
  onOpenChange: (open: boolean) => void
  labels: Labels
}

/**
 * The free-shipping terms: a non-modal dialog positioned by Floating UI; closes on Escape, an
 * outside press, its close button, and when the page scrolls back to the top (header spec §4).
 */
export default function TermsPopover({ id, anchor, open, onOpenChange, labels }: Props) {
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange,
    placement: 'bottom-start',
    middleware: [offset(8), flip(), shift({ padding: 8 })],
    elements: { reference: anchor.current },
  })
  const dismiss = useDismiss(context)
  const role = useRole(context, { role: 'dialog' })
  const { getFloatingProps } = useInteractions([dismiss, role])

  useEffect(() => {
    if (!open) return
    const onScroll = () => {
      if (window.scrollY <= 0) onOpenChange(false)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [open, onOpenChange])

  if (!open) return null
  return (
    <FloatingPortal>
      <FloatingFocusManager context={context} modal={false} returnFocus>
        <div
          ref={refs.setFloating}
          id={id}
          role="dialog"
          className={styles.popover}
          style={{ ...floatingStyles, width: TERMS_POPOVER_WIDTH_PX }}
          aria-label={labels['header.free.shipping.terms.link']}
          {...getFloatingProps()}
        >
          <p className={styles.popoverText}>{labels['header.free.shipping.terms.content']}</p>
          <button type="button" className={styles.textButton} onClick={() => onOpenChange(false)}>
            {labels['header.free.shipping.terms.close']}
          </button>
        </div>
      </FloatingFocusManager>
    </FloatingPortal>
  )
}
