import { ACCOUNT_BACKDROP_ATTRIBUTE } from '../../../kernel/react/shellLayers'
/**
 * How the account flyouts (login flyout, account menu) open and what lies under them (header spec
 * Header spec §4): on desktop they open on hover as well as on click, Enter and Space; an overlay covers the page
 * under an open flyout and closes it when clicked. It starts below the header, 127 px from the top,
 * and covers the whole window once the shopper has scrolled more than 5 px (the header has moved).
 */
export const OVERLAY_TOP_PX = 127
export const OVERLAY_SCROLL_THRESHOLD_PX = 5

/** The overlay's top for a scroll position. */
export const overlayTop = (scrollY: number): number =>
  scrollY > OVERLAY_SCROLL_THRESHOLD_PX ? 0 : OVERLAY_TOP_PX

/**
 * Hover intent (the spec gives no value): a pointer crossing the button on its way elsewhere does
 * not open a flyout, and one crossing the 8 px gap between button and flyout does not close it.
 */
export const HOVER_OPEN_DELAY_MS = 150
export const HOVER_CLOSE_DELAY_MS = 300

/** The backdrop's marker, named where the shell's CSS reads it too. */
export const OVERLAY_ATTRIBUTE = ACCOUNT_BACKDROP_ATTRIBUTE
