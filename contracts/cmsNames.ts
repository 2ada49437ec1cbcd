/**
 * The CMS's names and rules that parts of the header use while they draw, apart from the schemas
 * (contracts/cms.ts re-exports them): a part hydrated before the kernel carries no schema library.
 */

/** The header's CMS page (header spec §7: cms/pages?pageLabelOrId=oneHeader). */
export const HEADER_PAGE_UID = 'oneHeader'
/** The slot the navigation bar reads its component uids from. */
export const NAVIGATION_SLOT = 'NavigationBarSlot'

/** The account menus' banner: a slot fetched by position, its components chosen by `isLoggedIn`. */
export const SLOT_ACCOUNT_MENU_BANNER = 'AccountMenuBannerSlot'

/** The header's content slots the shell's rows show: the global notification and the promotion. */
export const SLOT_GLOBAL_NOTIFICATION = 'GlobalNotificationSlot'
export const SLOT_HEADER_PROMO = 'HeaderPromoSlot'

/** The support link lives in the navigation data under this uid (header spec §2); its rule is site's. */
export { SUPPORT_LINK_UID } from '../site/supportLink'

/** CMS and navigation components render only when visible (nav spec §2); the flag is the string 'false'. */
export const isVisible = (c: { visible?: string }): boolean => c.visible !== 'false'

/**
 * The twelve content modes of a navigation panel's items (nav spec §2): the panel draws these and
 * skips any other; the reference server's navigation data uses only these.
 */
export const NAV_MODES = [
  'LARGE_IMPORTANCE',
  'MEDIUM_IMPORTANCE',
  'LOW_IMPORTANCE',
  'PROMO',
  'SECTION_HEADER_LINK',
  'SECTION_HEADER_NOLINK',
  'NOBO',
  'LARGE_PRODUCT',
  'ARTICLE',
  'PRODUCT_SIMPLE',
  'PRODUCT_DETAIL',
  'MAXPRO',
] as const
export type NavMode = (typeof NAV_MODES)[number]
const KNOWN_NAV_MODES = new Set<string>(NAV_MODES)
/** Whether `mode` is one of the twelve. */
export const isNavMode = (mode: string): mode is NavMode => KNOWN_NAV_MODES.has(mode)
