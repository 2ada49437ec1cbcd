import { type Middleware, type Placement, shift, size } from '@floating-ui/react'
import type { NavComponent } from '../../../contracts/cms'
import { layoutIdOf } from '../panels/hasPanel'
import { layoutOf, sideOf } from '../panels/layouts'

/** Every panel keeps this far from the window's edges. */
export const PANEL_MARGIN_PX = 16
/** The widest a panel gets (nav spec §9: 90rem at the 16 px root). */
export const PANEL_MAX_WIDTH_PX = 1440

/**
 * Where an item's panel hangs (the side is the layout's, panels/layouts.ts `sideOf`): under the item, from its left edge, or for the right-opening menus
 * from its right edge, extending left (the panel's right edge at the item's).
 */
export const panelPlacement = (component: NavComponent): Placement =>
  sideOf(layoutOf(layoutIdOf(component))) === 'right' ? 'bottom-end' : 'bottom-start'

/**
 * Nor narrower than this (60rem), whatever the room beside its item: the layouts need it, and it fits
 * every desktop window (992 px less the margins). A panel given more than the room beside its item
 * is slid back inside the window, its right edge then beyond its item's (a right-opening panel) or
 * its left edge before it.
 */
export const PANEL_MIN_WIDTH_PX = 960

/** A panel never gets shorter than this, however little of the window is left under the bar. */
export const PANEL_MIN_HEIGHT_PX = 240

/**
 * Keeps the panel inside the window: at most as wide as the window less its margins (and 90rem),
 * and at most as tall as the window below the bar (it scrolls inside itself rather than running
 * under the fold of a page whose header stays put), then slid along the bar just enough to clear
 * the edges. The room is measured from the item: right of its left edge for the left-opening
 * panels, left of its right edge for the right-opening ones. Sliding a right-opening panel left only
 * moves its left edge off the window's, so its right edge stays at or beyond its item's.
 */
export const panelMiddleware = (): Middleware[] => [
  size({
    padding: PANEL_MARGIN_PX,
    apply({ availableWidth, availableHeight, elements }) {
      const width = Math.min(PANEL_MAX_WIDTH_PX, Math.max(PANEL_MIN_WIDTH_PX, availableWidth))
      elements.floating.style.maxWidth = `${width}px`
      elements.floating.style.maxHeight = `${Math.max(PANEL_MIN_HEIGHT_PX, availableHeight)}px`
      elements.floating.style.overflowY = 'auto'
    },
  }),
  // After the size: a panel narrowed to the room beside its item stays at its item (nav spec §2);
  // one that cannot be (its content's minimum is wider) is slid back inside the window.
  shift({ padding: PANEL_MARGIN_PX }),
]
