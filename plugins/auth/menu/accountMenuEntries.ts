import type { NavComponent } from '../../../contracts/cms'
/**
 * The account menu's link entries (header spec §2 "Header account flyout", header spec §3 "Header link entry",
 * Header spec §5 visibility): one pure function of who is looking, where, and what the CMS says. The account
 * flyout, the mobile menu and any other list of account links all read it, so the rules live here once.
 */
import type { Labels } from '../../../contracts/labels'
import type { MenuSet } from '../../../contracts/menuSet'
import type { SiteConfig } from '../../../contracts/siteConfig'
import { type Lang, localizedPath } from '../../../site/language'
import { safePathOr } from '../../../site/safePath'
import { supportLink } from '../../../site/supportLink'
import type { AuthOptions, LinkSpec } from '../authOptions'
import { SELECTORS } from './selectors'

/**
 * A header link entry (header spec §3). `kind: 'logout'` signs out on click or key press instead of navigating;
 * `kind: 'component'` renders a custom component a plugin registered (`customComponent`).
 */
export interface HeaderLinkEntry {
  kind: 'link' | 'logout' | 'component'
  name: string
  /** Always a same-origin path; `/fr`-prefixed on French pages. Empty for a caption or a component. */
  url: string
  showOnLogout: boolean
  showOnLogin: boolean
  /** Shown only when every one of these cookies is set (not empty, not 'false'). */
  showIfCookies: readonly string[]
  /** Whether the entry sits in another entry's sub-menu. */
  isSubMenu: boolean
  /** The entry's sub-menu, already filtered for this shopper. */
  subMenuLinks: readonly HeaderLinkEntry[]
  className: string
  /** A caption, not a link: the heading of its sub-menu. */
  isNoLink: boolean
  /** Where an agent (nobo) session goes instead of `url` (already applied); '' when the same. */
  noboLink: string
  /** Only agent (nobo) sessions see it. None of the default entries is one. */
  isNoboUser: boolean
  target: '_self' | '_blank'
  /** Stable hook for tests and analytics; also unique within one list, so it serves as a React key. */
  dataSelector: string
  /** For `kind: 'component'`: the registered id and the entry's options (decoded by the component). */
  customComponent?: { id: string; options: unknown }
  /** The named link handler run when the link is chosen (header spec §3, menu/linkHandlers.ts). */
  clickHandler?: string
}

export interface AccountMenuInput {
  lang: Lang
  signedIn: boolean
  isAgent: boolean
  config: Pick<SiteConfig, 'registerCoffeeMakerUrl' | 'isMyBrewsEnabled'>
  labels: Labels
  /** The brand's business menu set (auth option `menuSet`, authOptions.ts). */
  menuSet: MenuSet
  /** The brand's "Sign In" entry: caption label key and English url (auth option `signIn`). */
  signIn: AuthOptions['signIn']
  /** Data selectors of entries the brand never shows (auth option `hiddenEntries`). */
  hiddenEntries: readonly string[]
  /** The web app's auto-delivery session flag (header spec §5): swaps the auto-delivery links for a logged-in user. */
  webAppAutoDeliverySession: boolean
  /** The brand's own entries (auth option `links`), after the menu set's. */
  links?: readonly LinkSpec[]
  /** Whether a cookie is set (not empty, not 'false'), for `showIfCookies`. */
  hasCookie?: (name: string) => boolean
  /** Customer data's `connectedBrewer` (header spec §3): the signed-in customer has a connected brewer. */
  connectedBrewer?: boolean
}

export const DEFAULT_REGISTER_COFFEE_MAKER_URL = '/appliances/register-brewer'

type EntryId =
  | 'registerCoffeeMaker'
  | 'contactUs'
  | 'myAccount'
  | 'quickReorder'
  | 'trackOrders'
  | 'myOrders'
  | 'buildBundle'
  | 'signIn'
  | 'signOut'

/** The entries of each business menu set, in display order (header spec §2, §6). */
const ENTRIES_OF_MENU_SET: Readonly<Record<MenuSet, readonly EntryId[]>> = {
  consumer: [
    'registerCoffeeMaker',
    'myAccount',
    'myOrders',
    'quickReorder',
    'trackOrders',
    'contactUs',
    'signIn',
    'signOut',
  ],
  canada: ['registerCoffeeMaker', 'myAccount', 'myOrders', 'trackOrders', 'contactUs', 'signIn', 'signOut'],
  // Food-service (header spec §6); the business brand's menu set.
  commercial: [
    'myAccount',
    'myOrders',
    'quickReorder',
    'buildBundle',
    'trackOrders',
    'contactUs',
    'signIn',
    'signOut',
  ],
}

const link = (
  name: string,
  path: string,
  dataSelector: string,
  show: { showOnLogin: boolean; showOnLogout: boolean },
): HeaderLinkEntry => ({
  kind: 'link',
  name,
  url: path,
  ...show,
  showIfCookies: [],
  isSubMenu: false,
  subMenuLinks: [],
  className: 'account-menu__link',
  isNoLink: false,
  noboLink: '',
  isNoboUser: false,
  target: '_self',
  dataSelector,
})

/** A brand's configured entry (auth option `links`) as an entry, its sub-menu included. */
function fromSpec(spec: LinkSpec, labels: Labels, isSubMenu: boolean): HeaderLinkEntry {
  return {
    kind: spec.isCustomComponent ? 'component' : 'link',
    name: spec.label ? labels[spec.label] : '',
    url: spec.isCustomComponent || spec.isNoLink ? '' : (spec.url ?? ''),
    showOnLogin: spec.showOnLogin,
    showOnLogout: spec.showOnLogout,
    showIfCookies: spec.showIfCookies,
    isSubMenu,
    subMenuLinks: spec.subMenuLinks.map((child) => fromSpec(child, labels, true)),
    className: ['account-menu__link', spec.className].filter(Boolean).join(' '),
    isNoLink: spec.isNoLink,
    noboLink: spec.noboLink ?? '',
    isNoboUser: spec.isNoboUser,
    target: spec.target,
    dataSelector: spec.dataSelector,
    ...(spec.isCustomComponent && spec.customComponent
      ? { customComponent: { id: spec.customComponent, options: spec.options } }
      : {}),
    ...(spec.clickHandler ? { clickHandler: spec.clickHandler } : {}),
  }
}

const BOTH = { showOnLogin: true, showOnLogout: true }
const LOGGED_IN = { showOnLogin: true, showOnLogout: false }
const LOGGED_OUT = { showOnLogin: false, showOnLogout: true }

function definitions(input: AccountMenuInput, id: EntryId): HeaderLinkEntry[] {
  const { labels, config, signIn } = input
  switch (id) {
    case 'registerCoffeeMaker': {
      // The URL is configuration (CMS), so it is checked: anything but a same-origin path falls back.
      const url = safePathOr(config.registerCoffeeMakerUrl.trim(), DEFAULT_REGISTER_COFFEE_MAKER_URL)
      const name = labels['header.menu.register.coffee.maker']
      // Two variants (header spec §5): the logged-out one for visitors, the logged-in one for customers.
      return [
        {
          ...link(name, url, SELECTORS.registerCoffeeMakerLoggedOut, LOGGED_OUT),
          className: 'account-menu__link register-coffee-maker--logged-out',
        },
        // A customer whose brewer is connected reads so, on the same page (where their brewers are
        // listed and another one is registered); the entry keeps its place and its hook.
        {
          ...link(
            input.connectedBrewer ? labels['header.menu.brewer.connected'] : name,
            url,
            SELECTORS.registerCoffeeMakerLoggedIn,
            LOGGED_IN,
          ),
          className: input.connectedBrewer
            ? 'account-menu__link register-coffee-maker--logged-in brewer-connected'
            : 'account-menu__link register-coffee-maker--logged-in',
        },
      ]
    }
    case 'contactUs':
      return [link(labels['header.menu.contact.us'], '/content/contact-us', SELECTORS.contactUs, BOTH)]
    case 'myAccount':
      return [
        config.isMyBrewsEnabled
          ? link(labels['header.menu.my.brews'], '/my-account?dashboard=1', SELECTORS.myBrews, LOGGED_IN)
          : link(labels['header.menu.my.account'], '/my-account', SELECTORS.myAccount, LOGGED_IN),
      ]
    case 'quickReorder':
      return [
        link(
          labels['header.menu.quick.reorder'],
          '/my-account/orders?orders=1',
          SELECTORS.quickReorder,
          LOGGED_IN,
        ),
      ]
    case 'trackOrders':
      // Visitors track an order from here (they log in on the way); customers have "My Orders".
      return [
        link(labels['header.menu.track.orders'], '/my-account/orders', SELECTORS.trackOrders, LOGGED_OUT),
      ]
    case 'myOrders':
      return [link(labels['header.menu.my.orders'], '/my-account/orders', SELECTORS.myOrders, LOGGED_IN)]
    case 'buildBundle':
      return [link(labels['header.menu.build.bundle'], '/small-business-bundle', SELECTORS.buildBundle, BOTH)]
    case 'signIn':
      // The brand's caption and url (header spec §2: Canada's opens the login page on registration).
      return [link(labels[signIn.label], safePathOr(signIn.url, '/login'), SELECTORS.signIn, LOGGED_OUT)]
    case 'signOut':
      return [
        { ...link(labels['header.menu.sign.out'], '/logout', SELECTORS.signOut, LOGGED_IN), kind: 'logout' },
      ]
  }
}

/** Selectors of the auto-delivery links that header spec §5 swaps (links of these names may come from the CMS). */
export const AUTO_DELIVERY_SELECTORS = {
  /** Removed for a logged-in user whose web-app session has the auto-delivery flag. */
  whenFlagged: ['start-auto-delivery', 'auto-delivery'],
  /** Removed otherwise. */
  otherwise: ['my-auto-delivery', 'my-business'],
} as const

/**
 * Header spec §5: "For a logged-in user with a matching session flag in the web app, the start auto delivery and
 * auto delivery links are removed; otherwise the my auto delivery and my business links are removed."
 */
export function applyAutoDeliveryRule<E extends Pick<HeaderLinkEntry, 'dataSelector'>>(
  entries: readonly E[],
  signedIn: boolean,
  webAppAutoDeliverySession: boolean,
): E[] {
  const removed: readonly string[] =
    signedIn && webAppAutoDeliverySession
      ? AUTO_DELIVERY_SELECTORS.whenFlagged
      : AUTO_DELIVERY_SELECTORS.otherwise
  return entries.filter((e) => !removed.includes(e.dataSelector))
}

/** Whether an entry shows for this shopper (header spec §5): state, agent-only links, cookies, the brand's hidden entries. */
export function isEntryVisible(
  entry: HeaderLinkEntry,
  who: Pick<AccountMenuInput, 'signedIn' | 'isAgent' | 'hiddenEntries' | 'hasCookie'>,
): boolean {
  if (who.signedIn ? !entry.showOnLogin : !entry.showOnLogout) return false
  if (entry.isNoboUser && !who.isAgent) return false
  // Header spec §5 "Quick reorder and cart links are hidden on the Canadian site", whatever the menu set.
  if (who.hiddenEntries.includes(entry.dataSelector)) return false
  if (!entry.showIfCookies.every((name) => who.hasCookie?.(name) ?? false)) return false
  return true
}

/**
 * The entries this shopper sees, at every depth: visibility (header spec §5), the auto-delivery rule, the agent's
 * url, French paths. A caption whose sub-menu is left empty goes too (a heading over nothing).
 */
function forShopper(entries: readonly HeaderLinkEntry[], input: AccountMenuInput): HeaderLinkEntry[] {
  const visible = applyAutoDeliveryRule(
    entries.filter((e) => isEntryVisible(e, input)),
    input.signedIn,
    input.webAppAutoDeliverySession,
  )
  return visible
    .map((e) => {
      const url = input.isAgent && e.noboLink ? e.noboLink : e.url
      return {
        ...e,
        url: url && localizedPath(input.lang, url),
        subMenuLinks: forShopper(e.subMenuLinks, input),
      }
    })
    .filter((e) => !(e.isNoLink && e.subMenuLinks.length === 0))
}

/**
 * The account entries this shopper sees, in order, with their French paths on French pages. Pure: the
 * same input gives the same list; every url is a same-origin path.
 */
export function accountMenuEntries(input: AccountMenuInput): HeaderLinkEntry[] {
  const all = ENTRIES_OF_MENU_SET[input.menuSet].flatMap((id) => definitions(input, id))
  const brandLinks = (input.links ?? []).map((spec) => fromSpec(spec, input.labels, false))
  // The brand's entries go after the menu set's links and before Sign out.
  const logoutAt = all.findIndex((e) => e.kind === 'logout')
  const ordered =
    logoutAt < 0
      ? [...all, ...brandLinks]
      : [...all.slice(0, logoutAt), ...brandLinks, ...all.slice(logoutAt)]
  return forShopper(ordered, input)
}

/**
 * The support link of the account menu (header spec §2): caption and url per language. Navigation data may carry
 * its own support link; the account menu uses the default url from the labels (same-origin only).
 */
export function supportEntry(
  labels: Labels,
  lang: Lang,
  navigation?: readonly NavComponent[],
): HeaderLinkEntry {
  // The same link as the utility bar's (navigation data, else labels); the labels' url in French.
  const { caption, url } = supportLink(navigation, labels)
  return link(caption, localizedPath(lang, url), SELECTORS.support, BOTH)
}
