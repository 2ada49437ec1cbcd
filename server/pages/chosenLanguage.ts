import type { MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { chosenLanguageRedirect, LANGUAGE_CHOSEN_COOKIE } from '../../site/languageChoice'
import { setResponseHeader } from '../http/responseHeaders'

/**
 * Honours the language-chosen cookie before a host page is drawn (site/languageChoice.ts):
 * a shopper who chose French and asks for `/` is sent to the French home page, query kept. The
 * answer depends on the cookie, so caches are told (`Vary: Cookie`).
 */
export function honourChosenLanguage(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const target = chosenLanguageRedirect(c.req.path, getCookie(c, LANGUAGE_CHOSEN_COOKIE))
    if (target === undefined) {
      await next()
      // On the answer as it is: `c.header` after the route rebuilt the whole page's answer.
      if (c.req.path === '/') setResponseHeader(c, 'vary', 'Cookie', { append: true })
      return
    }
    c.header('cache-control', 'no-cache')
    c.header('vary', 'Cookie')
    return c.redirect(`${target}${new URL(c.req.url).search}`, 302)
  }
}
