import { localizedPath } from '../../../site/language'
import { isSameOriginPath, sameOriginPath } from '../../../site/safePath'

const DEFAULT_LOGOUT_PATH = '/logout'

/**
 * Where the identity provider sends the shopper after logout (header spec §4): the configured logout
 * page on this site (`/fr` prefixed in French) with `referrer`, the page they left. The referrer is
 * kept only when it is a path on this site (test/corpus/redirects.json lists what is refused).
 */
export function logoutReturnUrl(input: {
  origin: string
  lang: 'en' | 'fr'
  logoutCallbackUrl: string
  referrer?: string
}): string {
  const base = callbackPath(input.logoutCallbackUrl, input.origin)
  const path = localizedPath(input.lang, base)
  const url = new URL(path, input.origin)
  if (isSameOriginPath(input.referrer)) url.searchParams.set('referrer', input.referrer)
  return url.toString()
}

/** The configured callback as a path on this site; anything leading elsewhere falls back to /logout. */
function callbackPath(configured: string, origin: string): string {
  let siteOrigin: string
  try {
    siteOrigin = new URL(origin).origin
  } catch {
    return DEFAULT_LOGOUT_PATH
  }
  return sameOriginPath(configured, siteOrigin) ?? DEFAULT_LOGOUT_PATH
}

/** The path and query of an address: what a referrer carries. */
export function pathOf(href: string): string {
  try {
    const url = new URL(href)
    return `${url.pathname}${url.search}`
  } catch {
    return '/'
  }
}
