import type { NavComponent } from '../../../contracts/cms'
import { isDrawableCard, isDrawableHeaderLink, menuItemsOf } from './panelItems'

/**
 * Whether a top-level item gets a panel: the CMS gives it at least one card or header link the panel
 * would draw. The bar and the served first view ask this (a button or a plain link); it needs
 * neither React nor the panel's code, nor the sanitiser, so it stays on the eager path.
 */
export function hasPanel(component: NavComponent): boolean {
  return menuItemsOf(component).some((item) => isDrawableCard(item) || isDrawableHeaderLink(item))
}

/** The component id that chooses the panel's layout (nav spec §2 table). */
export const layoutIdOf = (component: NavComponent): string => component.navBarComponent?.uid ?? component.uid
