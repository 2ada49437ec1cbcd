/**
 * The logout page (header spec §2 routes: /logout, /fr/logout): where every sign-out lands, and an
 * address a shopper may also open by hand on a shared computer. Reaching it ends the session there
 * too: the page server forgets the session's cookies and the visitor's segments before it draws the
 * page (server/auth/endSession.ts), and the header forgets the visitor profile the browser keeps
 * (host/startUp/startUpData.ts), so nothing of the last shopper is shown.
 */
export const LOGOUT_PATHS: readonly string[] = ['/logout', '/fr/logout']

/** Whether `pathname` is the logout page (a trailing slash allowed). */
export const isLogoutPage = (pathname: string): boolean =>
  LOGOUT_PATHS.includes(pathname.replace(/(.)\/+$/, '$1'))
