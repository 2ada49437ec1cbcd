import type { ShellRowName, SlotComponent, SlotName } from './slots'

/**
 * The page data a first view can ask for (contracts/firstView.ts `FirstViewProps`): the site
 * configuration and labels (`cms/siteConfig`), the navigation bar's components (the
 * NavigationBarSlot and its `cms/components`), who the session cookies say the shopper is, and
 * whether the consent cookies make the cookie banner due. The
 * page server and the entry read only what the enabled plugins' first views need, and draw a first
 * view only when all of it is there.
 */
export type FirstViewNeed = 'siteConfig' | 'navigation' | 'shopper' | 'consent'

/**
 * A plugin's first view: what it shows in its slots before its code has run, as pure views. Each
 * view's props are the page's data (`FirstViewProps`); it uses no service, no hook of the kernel and
 * no browser API while rendering, so the page server renders it into the host page with the same
 * code the browser runs (issue 23). The plugin's live slot replaces it in place: same box, same size.
 */
export interface FirstViewDeclaration {
  /** The page data the views read; `siteConfig` (labels included) is always there. */
  needs: readonly FirstViewNeed[]
  /** One pure view per slot the plugin shows at first paint (a part not yet drawn by its live component). */
  slots: Partial<Record<SlotName, SlotComponent>>
  /**
   * The parts drawn once: the live component of each slot (the one the manifest contributes), which
   * the page server renders from the state it loaded and the browser hydrates from the same state,
   * before the kernel has started (kernel/react/ServedPart.tsx). Its services come when the kernel
   * does. A slot here needs no pure view in `slots`. The shell's own rows are parts of the shell's.
   */
  parts?: Partial<Record<SlotName | ShellRowName, SlotComponent>>
  /**
   * Just before the live header replaces the served first view: reads what the shopper already did
   * in this plugin's part (`part` is the slot's element in the served view), for the live slot to
   * start from — the text typed in a box, its focus. Optional; never throws into the host.
   */
  takeOver?: (part: HTMLElement) => void
  /**
   * Whether what the part shows at all hangs on a switch of the site configuration (the loyalty
   * programme on or off). When the browser's start-up has only a stored copy or the defaults, the
   * served part, drawn from the page server's live answer, then stays until the live configuration
   * is in (for a while at most), rather than vanishing and coming back as the answers arrive.
   */
  followsLiveConfig?: boolean
}

/** Identity function that gives a first view its type (a plugin's `firstView.tsx` default export). */
export const defineFirstView = (declaration: FirstViewDeclaration): FirstViewDeclaration => declaration
