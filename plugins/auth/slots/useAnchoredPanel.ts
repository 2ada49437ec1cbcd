import { autoUpdate, offset, shift, size, useDismiss, useFloating, useInteractions } from '@floating-ui/react'
import { DESKTOP_MIN_WIDTH } from '../../../site/breakpoints'
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

/** The least height a panel keeps however little room the window leaves (it scrolls inside). */
export const PANEL_MIN_HEIGHT_PX = 160
/**
 * Whether the panel is on a phone's or tablet's header, below the desktop width (read while placing
 * it, never in a render): there a panel may use the window's whole height.
 */
const onPhone = (panel: HTMLElement) => (panel.ownerDocument.defaultView?.innerWidth ?? 0) < DESKTOP_MIN_WIDTH
/** The room a panel leaves between itself and the window's edges. */
const EDGE_PX = 8

/**
 * A panel under the account button (login flyout, account menu), placed by Floating UI (kept inside
 * the viewport; on phones CSS makes it nearly full width) and dismissed on Escape or a press outside.
 *
 * It is placed by `left`/`top`, not by a transform. A transformed panel keeps its layout
 * box where it was before the move (from the button's left edge to the right of the screen), and a
 * phone browser widens the page to hold that box: the page slid 270 px sideways and the panel's
 * lower entries were out of reach. Its height is what the window has below the button (the `size`
 * middleware, again on scroll and resize): it scrolls inside itself, and "Sign out" is always reachable.
 */
export function useAnchoredPanel(anchor: HTMLElement | null, onClose: (reason: PanelCloseReason) => void) {
  const { refs, floatingStyles, context } = useFloating({
    open: true,
    onOpenChange: (open, _event, reason) => {
      if (open) return
      onClose(reason === 'escape-key' ? 'escape' : reason === 'focus-out' ? 'focus-out' : 'outside')
    },
    placement: 'bottom-end',
    middleware: [
      offset(8),
      // On a phone a panel taller than the room under the button slides up over the header's rows
      // (its own Close and the dimmed page close it), so its last entry is in view without scrolling.
      shift(({ elements }) => ({ padding: EDGE_PX, crossAxis: onPhone(elements.floating) })),
      size({
        padding: EDGE_PX,
        apply({ availableHeight, elements }) {
          const win = elements.floating.ownerDocument.defaultView
          const room = win && onPhone(elements.floating) ? win.innerHeight - 2 * EDGE_PX : availableHeight
          elements.floating.style.maxHeight = `${Math.max(PANEL_MIN_HEIGHT_PX, Math.floor(room))}px`
        },
      }),
    ],
    transform: false,
    elements: { reference: anchor },
    whileElementsMounted: autoUpdate,
  })
  // A press on the account overlay is the overlay's own close (which returns focus to the button).
  const outsidePress = (event: MouseEvent) =>
    !(event.target instanceof Element && event.target.closest(`[${OVERLAY_ATTRIBUTE}]`))
  const { getFloatingProps } = useInteractions([useDismiss(context, { outsidePress })])
  return { refs, context, getFloatingProps, style: floatingStyles }
}
