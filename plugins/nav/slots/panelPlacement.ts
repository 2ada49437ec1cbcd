import { type Middleware, type Placement, shift, size } from '@floating-ui/react'
import type { NavComponent } from '../../../contracts/cms'
import { layoutIdOf } from '../panels/hasPanel'

/** Every panel keeps this far from the window's edges. */
export const PANEL_MARGIN_PX = 16
/** The widest a panel gets (nav spec §9: 90rem at the 16 px root). */
export const PANEL_MAX_WIDTH_PX = 1440

/** Recipe and sustainability panels open on the right (nav spec §2), the others on the left. */
const OPENS_RIGHT = new Set(['RecipeBarComponent', 'SustainabilityBarComponent'])

/**
 * Where an item's panel hangs: under the item, from its left edge, or for the right-opening menus
 * from its right edge, extending left (the panel's right edge at the item's).
 */
export const panelPlacement = (component: NavComponent): Placement =>
  OPENS_RIGHT.has(layoutIdOf(component)) ? 'bottom-end' : 'bottom-start'

/**
 * Keeps the panel inside the window: at most as wide as the window less its margins (and 90rem),
 * then slid along the bar just enough to clear the edges. Sliding a right-opening panel left only
 * moves its left edge off the window's, so its right edge stays at or beyond its item's.
 */
export const panelMiddleware = (): Middleware[] => [
  shift({ padding: PANEL_MARGIN_PX }),
  size({
    padding: PANEL_MARGIN_PX,
    apply({ availableWidth, elements }) {
      elements.floating.style.maxWidth = `${Math.max(0, Math.min(PANEL_MAX_WIDTH_PX, availableWidth))}px`
    },
  }),
]
