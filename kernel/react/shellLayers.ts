/**
 * Where plugins put what floats over the page. The shell's root element (it carries `data-brand`)
 * holds the brand's colours and the layer variables, so overlays portalled into it look and stack
 * like the rest of the header; the phone menu's layer, placed before the session dialog, keeps that
 * dialog on top at the same modal layer. One place for these names, for the shell and the plugins.
 */
export const MENU_LAYER_ATTRIBUTE = 'data-menu-layer'

/**
 * The account flyout's backdrop, portalled into the shell root: the shell's CSS keeps the home page's
 * transparent header opaque while one is open (shell.module.css), and the flyout ignores clicks on it.
 */
export const ACCOUNT_BACKDROP_ATTRIBUTE = 'data-account-overlay'

/** The shell root around `el` (null outside a shell, e.g. in a component test without one). */
export const shellRootOf = (el: Element | null | undefined): HTMLElement | null =>
  el?.closest<HTMLElement>('[data-brand]') ?? null

/** The phone menu's layer in the shell around `el`, else the shell root itself. */
export const menuLayerOf = (el: Element | null | undefined): HTMLElement | null => {
  const root = shellRootOf(el)
  return root?.querySelector<HTMLElement>(`[${MENU_LAYER_ATTRIBUTE}]`) ?? root
}
