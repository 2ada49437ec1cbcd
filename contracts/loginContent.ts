/**
 * The login content page (header spec §7: cms/pages with the login content page): the banner the
 * login flyout shows above its log-in form when `loginPrimaryBannerContent` is on (header spec §3). Its slot
 * holds CMS paragraphs, sanitised like every CMS text.
 */
export const LOGIN_CONTENT_PAGE = 'loginContent'
export const SLOT_LOGIN_PRIMARY_BANNER = 'LoginPrimaryBanner'
