import type { NavComponent } from '../../../contracts/cms'
import { flyoutFor, menuItemsOf } from './panelModel'

/**
 * Whether a top-level item gets a panel: the CMS gives it at least one item the panel would draw.
 * The bar and the served first view ask this (a button or a plain link); the panel's code is not
 * needed to answer it.
 */
export function hasPanel(component: NavComponent): boolean {
  return flyoutFor(layoutIdOf(component), menuItemsOf(component)) !== undefined
}

/** The component id that chooses the panel's layout (nav spec §2 table). */
export const layoutIdOf = (component: NavComponent): string => component.navBarComponent?.uid ?? component.uid
