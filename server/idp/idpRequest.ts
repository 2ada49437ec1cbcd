import type { Context } from 'hono'
import { type Brand, brandFromHost } from '../../site/brand'
import { SERVER_BRANDS } from '../brands'
import { trustedOrigin } from '../http/trustedOrigin'

/** Who a request to the local identity provider is for: the brand (by host) and its client. */
export interface IdpRequest {
  /** As the browser asked for it, e.g. `http://cab2c.ca.localhost:4200`. */
  origin: string
  brand: Brand
  brandName: string
  /** The issuer of every token this origin hands out: Auth0 style, the origin with a trailing '/'. */
  issuer: string
  client: { clientId: string; audience: string }
}

/**
 * Same rule as the host pages (pages/hostPageRoutes.ts): the host decides the brand; only a host the
 * server serves is believed (http/trustedOrigin.ts), so redirects and issuers stay on the store.
 */
export function idpRequest(c: Context): IdpRequest {
  const origin = trustedOrigin(c)
  const brand = brandFromHost(new URL(origin).host)
  const fixture = SERVER_BRANDS[brand]
  return {
    origin,
    brand,
    brandName: fixture.displayName,
    issuer: `${origin}/`,
    client: { clientId: fixture.auth.clientId, audience: fixture.auth.audience },
  }
}
