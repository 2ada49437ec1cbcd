import type { Context, Hono } from 'hono'
import type { AuthServices } from '../auth/authTypes'
import { idpRequest } from './idpRequest'

const publicDocument = (c: Context) => {
  c.header('cache-control', 'public, max-age=300')
  c.header('access-control-allow-origin', '*')
}

/** OpenID discovery and the signing keys, as Auth0 publishes them (issuer = origin + '/'). */
export function registerDiscoveryRoutes(app: Hono, auth: AuthServices): void {
  app.get('/.well-known/openid-configuration', (c) => {
    const { origin, issuer } = idpRequest(c)
    publicDocument(c)
    return c.json({
      issuer,
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      userinfo_endpoint: `${origin}/userinfo`,
      revocation_endpoint: `${origin}/oauth/revoke`,
      end_session_endpoint: `${origin}/v2/logout`,
      jwks_uri: `${origin}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
      claims_supported: [
        'sub',
        'iss',
        'aud',
        'exp',
        'iat',
        'nonce',
        'email',
        'given_name',
        'family_name',
        'name',
      ],
      ui_locales_supported: ['en', 'fr-CA'],
      request_parameter_supported: false,
    })
  })

  app.get('/.well-known/jwks.json', async (c) => {
    const jwks = await auth.tokens.jwks()
    publicDocument(c)
    return c.json(jwks)
  })
}
