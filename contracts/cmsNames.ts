/**
 * The CMS's names and rules that parts of the header use while they draw, apart from the schemas
 * (contracts/cms.ts re-exports them): a part hydrated before the kernel carries no schema library.
 */

/** The account menus' banner: a slot fetched by position, its components chosen by `isLoggedIn`. */
export const SLOT_ACCOUNT_MENU_BANNER = 'AccountMenuBannerSlot'

/** The support link lives in the navigation data under this uid (header spec §2). */
export const SUPPORT_LINK_UID = 'HeaderSupportLinkComponent'

/** CMS and navigation components render only when visible (nav spec §2); the flag is the string 'false'. */
export const isVisible = (c: { visible?: string }): boolean => c.visible !== 'false'
