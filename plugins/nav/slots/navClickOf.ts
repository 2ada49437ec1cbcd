import type { NavClickType, NavLinkClick, NavLocation } from '../events'
import { flyoutId } from '../ids'

/**
 * Every panel's root carries its flyout id (panels/FlyoutPanel.ts `flyoutId`, `oh-flyout-<uid>`): a
 * link inside one is a panel link. Written out rather than imported, so the bar's tracker does not
 * pull in the panel's lazily loaded code; navClickOf.test.ts checks it against `flyoutId`.
 */
const IN_PANEL = `[id^="${flyoutId('')}"]`

// A Map, not an object: a CMS value such as '__proto__' must not find Object.prototype's members.
const SECTION_LOCATIONS = new Map<string, NavLocation>(
  Object.entries({
    'top nav': 'top nav',
    'sub nav': 'sub nav',
    body: 'sub nav',
    sidebar: 'sidebar',
    footer: 'footer',
  }) as [string, NavLocation][],
)

/**
 * The `nav_location` of a link from its `data-nav-location` (nav spec §7: 'top nav', the item's
 * section, or 'sub nav'). The value is read without regard to case, so the CMS's section names
 * (`sideBar`, `FOOTER`, `body`) work as they are; when it is missing or unknown, where the link sits
 * decides: inside a panel 'sub nav', otherwise 'top nav'.
 */
export function navLocationOf(marked: string | null | undefined, inPanel: boolean): NavLocation {
  const known = marked ? SECTION_LOCATIONS.get(marked.trim().toLowerCase()) : undefined
  return known ?? (inPanel ? 'sub nav' : 'top nav')
}

const collapse = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()

/** What the shopper reads on the element; for an image or icon alone, its accessible name. */
function textOf(el: Element): string {
  // A card's link holds its description too: the panel names the card (data-nav-text).
  const named = collapse(el.getAttribute('data-nav-text'))
  if (named) return named
  const visible = collapse(el.textContent)
  if (visible) return visible
  const label = collapse(el.getAttribute('aria-label'))
  if (label) return label
  const image = el.querySelector('img[alt], [role="img"][aria-label], svg[aria-label]')
  return collapse(image?.getAttribute('alt') ?? image?.getAttribute('aria-label'))
}

const attr = (el: Element, name: string) => collapse(el.getAttribute(name)) || undefined

/**
 * The followed navigation link a click landed in, read from the contract's data attributes
 * (`data-nav-location`, `data-nav-component`, `data-nav-header`, `data-nav-click-type`), or
 * undefined when the click was on nothing followable: not a link or marked button, or a link that
 * leaves the site (`origin` is the page's), whose report would be an outbound link, not navigation.
 * A button counts only when it is marked with `data-nav-location` and is no disclosure
 * (`aria-expanded`); it goes nowhere, so its path is ''.
 */
export function navClickOf(target: EventTarget | null, origin: string): NavLinkClick | undefined {
  if (!(target instanceof Element)) return undefined
  const el = target.closest('a[href], button')
  if (!el) return undefined
  let path = ''
  if (el instanceof HTMLAnchorElement) {
    let url: URL
    try {
      url = new URL(el.href)
    } catch {
      return undefined
    }
    if (url.origin !== origin) return undefined
    path = `${url.pathname}${url.search}`
  } else if (!el.hasAttribute('data-nav-location') || el.hasAttribute('aria-expanded')) {
    // Unmarked buttons are the views' own controls; a disclosure (a phone category opening its
    // panel, the bar's toggles) shows content in place, so opening it is not navigation.
    return undefined
  }
  const componentId = attr(el, 'data-nav-component')
  const header = attr(el, 'data-nav-header')
  const clickType: NavClickType = el.getAttribute('data-nav-click-type') === 'icon' ? 'icon' : 'text'
  return {
    location: navLocationOf(el.getAttribute('data-nav-location'), el.closest(IN_PANEL) !== null),
    ...(componentId ? { componentId } : {}),
    ...(header ? { header } : {}),
    text: textOf(el),
    path,
    clickType,
  }
}
