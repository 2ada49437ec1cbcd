import { autoUpdate, offset, shift, useDismiss, useFloating, useInteractions } from '@floating-ui/react'
import { OVERLAY_ATTRIBUTE } from './accountFlyoutRules'

/** Why an account panel closed; the account slot returns focus to its button for all but a click away. */
export type PanelCloseReason =
  | 'escape'
  | 'outside'
  | 'focus-out'
  | 'close-button'
  | 'signed-in'
  | 'welcome-done'
  | 'navigate'
  | 'overlay'
  | 'hover-out'

/**
 * A panel under the account button (login flyout, account menu), placed by Floating UI (kept inside
 * the viewport; on phones CSS makes it nearly full width) and dismissed on Escape or a press outside.
 */
export function useAnchoredPanel(anchor: HTMLElement | null, onClose: (reason: PanelCloseReason) => void) {
  const { refs, floatingStyles, context } = useFloating({
    open: true,
    onOpenChange: (open, _event, reason) => {
      if (open) return
      onClose(reason === 'escape-key' ? 'escape' : reason === 'focus-out' ? 'focus-out' : 'outside')
    },
    placement: 'bottom-end',
    middleware: [offset(8), shift({ padding: 8 })],
    elements: { reference: anchor },
    whileElementsMounted: autoUpdate,
  })
  // A press on the account overlay is the overlay's own close (which returns focus to the button).
  const outsidePress = (event: MouseEvent) =>
    !(event.target instanceof Element && event.target.closest(`[${OVERLAY_ATTRIBUTE}]`))
  const { getFloatingProps } = useInteractions([useDismiss(context, { outsidePress })])
  return { refs, context, getFloatingProps, style: floatingStyles }
}
