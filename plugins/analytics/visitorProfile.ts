import type { CookieWriter } from '../../kernel/config/cookieWriter'
import {
  afterPage,
  browserVisitorStore,
  updateVisitorProfile,
  type VisitorStore,
} from '../../site/visitorProfile'
import { VISIT_COOKIE } from '../../site/visitorSegments'

/**
 * Records what this page teaches in the visitor profile (site/visitorProfile.ts), for the targeted
 * content of the next pages (header spec §6): a new visit, an order confirmation, a brewer page. A
 * new visit is told by the `visitorSession` browser-session cookie; a site that does not allow that
 * cookie never counts one, rather than counting every page as a new visit.
 */
export function recordVisit(
  cookies: Pick<CookieWriter, 'get' | 'set' | 'isAllowed'>,
  pathname: string,
  now: number,
  store: VisitorStore = browserVisitorStore(cookies),
): void {
  const newBrowserSession = cookies.isAllowed(VISIT_COOKIE) && cookies.get(VISIT_COOKIE) === undefined
  if (!updateVisitorProfile(store, (profile) => afterPage(profile, { pathname, newBrowserSession, now })))
    return
  if (newBrowserSession) cookies.set(VISIT_COOKIE, 'true')
}
