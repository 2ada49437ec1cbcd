import Cookies from 'js-cookie'
import { AUTH_COOKIES } from '../../contracts/auth'
import type { FirstViewShopper } from '../../contracts/firstView'
import { SEARCH_PAGE, textFromSearch } from '../../plugins/search/searchText'
import { firstViewHandOver } from '../../plugins/search/slots/handOver'
import type { Lang } from '../../site/language'
import type { FrameProps } from '../shell/ShellFrame'
import type { EarlyCalls } from './earlyCalls'
import { type FirstViewData, firstViewDataFrom, firstViewParts } from './firstViewParts'

/**
 * Reads the first view's data from the page's preloaded answers (`cms/siteConfig`,
 * `cms/content-slots/NavigationBarSlot`, then `cms/components`). Undefined when any of them is
 * missing, failed or of the wrong shape.
 */
export async function readFirstViewData(calls: EarlyCalls): Promise<FirstViewData | undefined> {
  const [site, slot, components] = await Promise.all([
    bodyOf(calls, '/cms/siteConfig'),
    bodyOf(calls, '/cms/content-slots/NavigationBarSlot'),
    bodyOf(calls, '/cms/components'),
  ])
  return firstViewDataFrom({ site, slot, components })
}

/** A preloaded answer's parsed body; undefined when it is missing, failed or not JSON. */
async function bodyOf(calls: EarlyCalls, path: string): Promise<unknown> {
  const answer = await calls.read(path)
  if (!answer || answer.status < 200 || answer.status >= 300) return undefined
  try {
    return JSON.parse(answer.text)
  } catch {
    return undefined
  }
}

/**
 * The first view's parts in the browser: the shopper from the session cookies, and the box handing
 * what is typed to the search slot (`firstViewHandOver`), starting from the search page's own text.
 */
export function firstViewFor(
  data: FirstViewData,
  page: { brand: FrameProps['brand']; lang: Lang; pathname: string; search: string; disabled: string },
): FrameProps['parts'] {
  if (page.pathname === SEARCH_PAGE[page.lang] && !firstViewHandOver.touched)
    firstViewHandOver.text = textFromSearch(page.search, data.searchLimit)
  return firstViewParts(data, page, shopperFromCookies(), firstViewHandOver)
}

/** Signed in when either session token's cookie is there; the greeting's name from its own cookie. */
function shopperFromCookies(): FirstViewShopper {
  return {
    signedIn: Boolean(Cookies.get(AUTH_COOKIES.refreshToken) || Cookies.get(AUTH_COOKIES.accessToken)),
    firstName: Cookies.get(AUTH_COOKIES.customerFirstName) ?? '',
  }
}
