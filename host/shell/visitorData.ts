import type { CookieWriter } from '../../kernel/config/cookieWriter'
import { segmentsAfterPage, updateStoredSegments, VISIT_COOKIE } from '../../site/visitorSegments'

/**
 * Keeps the visitor data targeted content is chosen by (header spec §6): what this page teaches
 * (a return visit, an order confirmation, a brewer page) goes into the `visitorSegments` cookie for
 * the next page. A return visit is told by the `visitorSession` browser-session cookie; a site that
 * does not allow that cookie never counts one, rather than counting every page as a new visit.
 */
export function recordVisit(cookies: CookieWriter, pathname: string): void {
  const newBrowserSession = cookies.isAllowed(VISIT_COOKIE) && cookies.get(VISIT_COOKIE) === undefined
  updateStoredSegments(cookies, (stored) => segmentsAfterPage(stored, { pathname, newBrowserSession }))
  if (newBrowserSession) cookies.set(VISIT_COOKIE, 'true')
}
