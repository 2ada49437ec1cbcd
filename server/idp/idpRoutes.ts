import type { Hono } from 'hono'
import type { AuthServices } from '../auth/authTypes'
import { registerAuthorizeRoutes } from './authorizeRoutes'
import { registerDiscoveryRoutes } from './discoveryRoutes'
import { createIdpStores, type IdpOptions } from './idpStores'
import { registerLogoutRoute } from './logoutRoute'
import { registerTokenRoutes } from './tokenRoutes'

/**
 * The local identity provider: Auth0-compatible redirect login, token and logout endpoints at the
 * server root, so `@auth0/auth0-spa-js` with `domain` = this server works end to end. The brand (and
 * so the client id and audience) comes from the Host header, as for the host pages.
 *
 * GET  /authorize                       login page (sign-up with screen_hint=signup)
 * POST /authorize/login, /authorize/signup   → 302 redirect_uri?code&state
 * POST /oauth/token                     authorization_code (PKCE S256) and refresh_token grants
 * POST /oauth/revoke, GET /userinfo
 * GET  /v2/logout?client_id&returnTo    → 302 to a same-origin return address only
 * GET  /.well-known/openid-configuration, /.well-known/jwks.json
 */
export function registerIdpRoutes(app: Hono, auth: AuthServices, opts: IdpOptions = {}): void {
  const stores = createIdpStores(opts)
  registerAuthorizeRoutes(app, auth, stores)
  registerTokenRoutes(app, auth, stores)
  registerLogoutRoute(app)
  registerDiscoveryRoutes(app, auth)
}
