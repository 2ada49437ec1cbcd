import type { ShellRowName, SlotComponent, SlotName } from './slots'

/**
 * The page data a first view can ask for: the site configuration and labels (`cms/siteConfig`), the
 * navigation bar's components (the NavigationBarSlot and its `cms/components`), who the session
 * cookies say the shopper is, and whether the consent cookies make the cookie banner due. The page
 * server and the entry read only what the enabled plugins' first views need, and draw a first view
 * only when all of it is there.
 */
export type FirstViewNeed = 'siteConfig' | 'navigation' | 'shopper' | 'consent'

/**
 * A plugin's first view: which parts it draws at first paint, and what page data they need. Each
 * part is the plugin's live component for that slot (the one its manifest contributes): the page
 * server renders it from the state it loaded and the browser hydrates it from the same state, before
 * the kernel has started (kernel/react/ServedPart.tsx); its services come when the kernel does. No
 * view is written twice: there is no served copy of a part to keep in step with its live one.
 */
export interface FirstViewDeclaration {
  /** The page data the parts are drawn from; `siteConfig` (labels included) is always there. */
  needs: readonly FirstViewNeed[]
  /** The parts drawn once, by slot. The shell's own rows are parts of the shell's. */
  parts: Partial<Record<SlotName | ShellRowName, SlotComponent>>
}

/** Identity function that gives a first view its type (a plugin's `firstView.tsx` default export). */
export const defineFirstView = (declaration: FirstViewDeclaration): FirstViewDeclaration => declaration
