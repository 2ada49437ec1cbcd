import type { Hono } from 'hono'
import { sameOriginUrl } from '../../site/safePath'
import { langFromUiLocales } from './authorizeRequest'
import { PAGE_HEADERS, renderErrorPage } from './idpPages'
import { idpRequest } from './idpRequest'
import { idpText } from './idpText'

/**
 * GET /v2/logout?client_id&returnTo (what `Auth0Client.logout` opens). The return address must be on
 * the requested origin: an absolute URL with exactly that origin, or a same-origin path. Anything
 * else (`//evil`, `/\evil`, `javascript:`, other hosts, test/corpus/redirects.json) gets a 400
 * page and no redirect. Without returnTo the shopper goes to the store's home page. Nothing is
 * revoked here: the header ends its session through /api/auth/logout before it comes.
 */
export function registerLogoutRoute(app: Hono): void {
  app.get('/v2/logout', (c) => {
    const req = idpRequest(c)
    const lang = langFromUiLocales(c.req.query('ui_locales'))
    const t = idpText(lang)
    const refuse = (message: string) => {
      for (const [name, value] of Object.entries(PAGE_HEADERS)) c.header(name, value)
      return c.html(renderErrorPage(lang, message, '/', t.badRequestTitle), 400)
    }
    const clientId = c.req.query('client_id')
    if (clientId !== undefined && clientId !== req.client.clientId) return refuse(t.badRequest.invalid_client)
    const returnTo = c.req.query('returnTo')
    const target =
      returnTo === undefined
        ? new URL(`${req.origin}/`)
        : sameOriginUrl(returnTo, req.origin, { allowPath: true })
    if (!target) return refuse(t.badRequest.invalid_return_to)
    c.header('cache-control', 'no-store')
    return c.redirect(target.href, 302)
  })
}
