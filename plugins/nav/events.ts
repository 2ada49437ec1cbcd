/** Where in the navigation a followed link sits (nav spec §7 `nav_location`). */
export type NavLocation = 'top nav' | 'sub nav' | 'sidebar' | 'footer'

/** Whether the shopper followed an image or icon alone, or a text link (nav spec §7 `click_type`). */
export type NavClickType = 'icon' | 'text'

/**
 * A link (or marked button) of the bar, a panel or the phone menu that the shopper followed, as the
 * delegated click tracker read it (plugins/nav/slots/navClickOf.ts). Domain facts only: which tag
 * payloads they become is the manifest's `analytics` map (plugins/nav/analytics.ts).
 */
export interface NavLinkClick {
  location: NavLocation
  /** The item's CMS componentId, or the top-level item's uid; absent when the element was not marked. */
  componentId?: string
  /** The name of the section header the item sits under (for a header link, its own headerName). */
  header?: string
  /** The link's text as the shopper reads it, whitespace collapsed; for an icon, its accessible name. */
  text: string
  /** The same-origin path followed, query kept, fragment dropped ('' for a button, which goes nowhere). */
  path: string
  clickType: NavClickType
}

/** What the navigation tells the rest of the header (analytics handlers turn these into tags). */
declare module '../../kernel/bus/events' {
  interface KernelEvents {
    /** A navigation link was followed (click, Enter, modifier click or middle click). */
    'nav:linkClicked': NavLinkClick
  }
}
