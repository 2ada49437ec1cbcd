import type { Context, Hono } from 'hono'
import type { AuthServices, IssuedTokens, UserRecord } from '../auth/authTypes'
import { bearerToken } from '../auth/requestContext'
import { bodyFields } from '../http/bodyFields'
import { type IdpRequest, idpRequest } from './idpRequest'
import type { CodeGrant, IdpStores } from './idpStores'
import { verifyPkce } from './pkce'

const DEFAULT_SCOPE = 'openid profile email offline_access'

type OAuthStatus = 400 | 401 | 403
/** Auth0-shaped error: `{ error, error_description }`, never cached. */
function oauthError(c: Context, status: OAuthStatus, error: string, description: string) {
  c.header('cache-control', 'no-store')
  c.header('pragma', 'no-cache')
  return c.json({ error, error_description: description }, status)
}

async function tokenResponse(
  c: Context,
  auth: AuthServices,
  req: IdpRequest,
  user: UserRecord,
  issued: IssuedTokens,
  opts: { scope: string; nonce?: string; withRefresh: boolean },
) {
  const id_token = await auth.tokens.idToken(user, {
    clientId: req.client.clientId,
    issuer: req.issuer,
    ...(opts.nonce !== undefined ? { nonce: opts.nonce } : {}),
  })
  c.header('cache-control', 'no-store')
  c.header('pragma', 'no-cache')
  return c.json({
    access_token: issued.access_token,
    id_token,
    token_type: 'Bearer' as const,
    expires_in: issued.expires_in,
    scope: opts.scope,
    ...(opts.withRefresh
      ? { refresh_token: issued.refresh_token, refresh_expires_in: issued.refresh_expires_in }
      : {}),
  })
}

async function authorizationCodeGrant(
  c: Context,
  auth: AuthServices,
  stores: IdpStores,
  req: IdpRequest,
  f: Record<string, string>,
) {
  const grant: CodeGrant | undefined = f.code ? stores.codes.get(f.code) : undefined
  if (!grant) return oauthError(c, 403, 'invalid_grant', 'Invalid authorization code')
  if (grant.spent) {
    // A replayed code: what the first exchange issued is no longer trusted either.
    if (grant.spent.refreshToken) await auth.tokens.revoke(grant.spent.refreshToken)
    grant.spent = {}
    return oauthError(c, 403, 'invalid_grant', 'Invalid authorization code')
  }
  // Spent before any check or await: one attempt per code, even a failed one.
  const spent: NonNullable<CodeGrant['spent']> = {}
  grant.spent = spent
  if (grant.clientId !== f.client_id)
    return oauthError(c, 403, 'invalid_grant', 'Authorization code was issued to another client')
  if (f.redirect_uri !== grant.redirectUri)
    return oauthError(c, 403, 'invalid_grant', 'redirect_uri does not match the authorization request')
  if (!verifyPkce(f.code_verifier ?? '', grant.codeChallenge))
    return oauthError(c, 403, 'invalid_grant', 'Failed to verify code verifier')
  const user = await auth.accounts.findUser(grant.userId)
  if (!user) return oauthError(c, 403, 'invalid_grant', 'The user no longer exists')

  const issued = await auth.tokens.issue(user, { clientId: req.client.clientId })
  // Auth0 hands out a refresh token only when `offline_access` was asked for.
  const withRefresh = grant.scope.split(' ').includes('offline_access')
  if (withRefresh) spent.refreshToken = issued.refresh_token
  else await auth.tokens.revoke(issued.refresh_token)
  return tokenResponse(c, auth, req, user, issued, {
    scope: grant.scope,
    ...(grant.nonce !== undefined ? { nonce: grant.nonce } : {}),
    withRefresh,
  })
}

async function refreshTokenGrant(c: Context, auth: AuthServices, req: IdpRequest, f: Record<string, string>) {
  if (!f.refresh_token)
    return oauthError(c, 400, 'invalid_request', 'Missing required parameter: refresh_token')
  const rotated = await auth.tokens.rotate(f.refresh_token)
  if ('error' in rotated) return oauthError(c, 403, 'invalid_grant', 'Unknown or invalid refresh token.')
  const claims = await auth.tokens.verifyAccess(rotated.access_token)
  const user = claims ? await auth.accounts.findUser(claims.sub) : undefined
  if (!user) {
    await auth.tokens.revoke(rotated.refresh_token)
    return oauthError(c, 403, 'invalid_grant', 'Unknown or invalid refresh token.')
  }
  return tokenResponse(c, auth, req, user, rotated, { scope: f.scope || DEFAULT_SCOPE, withRefresh: true })
}

/**
 * POST /oauth/token (authorization_code with PKCE, refresh_token with rotation), POST /oauth/revoke,
 * GET /userinfo: the calls `@auth0/auth0-spa-js` makes, with Auth0's answers and error shapes.
 */
export function registerTokenRoutes(app: Hono, auth: AuthServices, stores: IdpStores): void {
  app.post('/oauth/token', async (c) => {
    const req = idpRequest(c)
    const f = await bodyFields(c)
    if (!f) return oauthError(c, 400, 'invalid_request', 'Send a form or JSON body')
    if (f.client_id !== req.client.clientId) return oauthError(c, 401, 'invalid_client', 'Unknown client')
    switch (f.grant_type) {
      case 'authorization_code':
        return authorizationCodeGrant(c, auth, stores, req, f)
      case 'refresh_token':
        return refreshTokenGrant(c, auth, req, f)
      default:
        return oauthError(c, 400, 'unsupported_grant_type', 'Use authorization_code or refresh_token')
    }
  })

  app.post('/oauth/revoke', async (c) => {
    const req = idpRequest(c)
    const f = await bodyFields(c)
    if (!f?.token) return oauthError(c, 400, 'invalid_request', 'Missing required parameter: token')
    if (f.client_id !== req.client.clientId) return oauthError(c, 401, 'invalid_client', 'Unknown client')
    await auth.tokens.revoke(f.token)
    return c.body(null, 200)
  })

  app.get('/userinfo', async (c) => {
    const bearer = bearerToken(c)
    const claims = bearer ? await auth.tokens.verifyAccess(bearer) : undefined
    const user = claims ? await auth.accounts.findUser(claims.sub) : undefined
    if (!user) {
      c.header('www-authenticate', 'Bearer error="invalid_token"')
      return c.json({ error: 'invalid_token', error_description: 'Invalid or expired access token' }, 401)
    }
    c.header('cache-control', 'no-store')
    return c.json({
      sub: user.id,
      email: user.email,
      given_name: user.firstName,
      family_name: user.lastName,
      name: `${user.firstName} ${user.lastName}`.trim(),
    })
  })
}
