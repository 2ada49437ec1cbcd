import type { Lang } from '../../site/brand'
import { sameOriginUrl } from '../../site/safePath'
import type { IdpRequest } from './idpRequest'
import { S256_CHALLENGE } from './pkce'

const MAX_PARAM = 4096

/** An /authorize request that passed every check: what the login transaction keeps. */
export interface AuthorizeParams {
  clientId: string
  /** Absolute, same origin as the request (normalised `href`). */
  redirectUri: string
  state?: string
  nonce?: string
  codeChallenge: string
  scope: string
  audience: string
  lang: Lang
  screen: 'login' | 'signup'
  /** The original query, so the page can link to the other screen with the same request. */
  query: string
}

/** Why the page refuses outright: these are never redirected (the redirect target is not trusted). */
export type AuthorizeRefusal = 'invalid_client' | 'invalid_redirect_uri' | 'invalid_request'

export type AuthorizeCheck =
  | { ok: true; params: AuthorizeParams }
  | { ok: false; refusal: AuthorizeRefusal; lang: Lang }
  /** OAuth errors once client and redirect URI are trusted (RFC 6749 header spec §4.1.2.1): back to the app. */
  | { ok: false; redirect: URL }

/** French when `ui_locales` starts with `fr` (`fr-CA`, `fr`); English otherwise. */
export const langFromUiLocales = (uiLocales: string | undefined): Lang =>
  (uiLocales ?? '').trim().toLowerCase().startsWith('fr') ? 'fr' : 'en'

function errorRedirect(redirectUri: URL, error: string, description: string, state?: string): AuthorizeCheck {
  const url = new URL(redirectUri.href)
  url.searchParams.set('error', error)
  url.searchParams.set('error_description', description)
  if (state !== undefined) url.searchParams.set('state', state)
  return { ok: false, redirect: url }
}

/**
 * Checks an Auth0-style /authorize request (what `@auth0/auth0-spa-js` `loginWithRedirect` sends):
 * `client_id` must be the brand's client and `redirect_uri` an absolute address on the requested
 * origin, or the answer is an error page. After that, problems go back to the app as `?error=`:
 * only `response_type=code`, `response_mode=query`, PKCE S256, the brand's audience; `prompt=none`
 * answers `login_required` (there is no provider-side session to reuse).
 */
export function checkAuthorizeRequest(query: URLSearchParams, req: IdpRequest): AuthorizeCheck {
  const get = (name: string) => query.get(name) ?? undefined
  const lang = langFromUiLocales(get('ui_locales'))
  for (const [, value] of query)
    if (value.length > MAX_PARAM) return { ok: false, refusal: 'invalid_request', lang }

  if (get('client_id') !== req.client.clientId) return { ok: false, refusal: 'invalid_client', lang }
  const redirectUri = sameOriginUrl(get('redirect_uri') ?? '', req.origin)
  if (!redirectUri || redirectUri.hash) return { ok: false, refusal: 'invalid_redirect_uri', lang }

  const state = get('state')
  if (get('response_type') !== 'code')
    return errorRedirect(
      redirectUri,
      'unsupported_response_type',
      'Only response_type=code is supported',
      state,
    )
  const mode = get('response_mode')
  if (mode !== undefined && mode !== 'query')
    return errorRedirect(redirectUri, 'invalid_request', 'Only response_mode=query is supported', state)
  const codeChallenge = get('code_challenge') ?? ''
  if (get('code_challenge_method') !== 'S256' || !S256_CHALLENGE.test(codeChallenge))
    return errorRedirect(
      redirectUri,
      'invalid_request',
      'PKCE with code_challenge_method=S256 is required',
      state,
    )
  const audience = get('audience') ?? req.client.audience
  if (audience !== req.client.audience)
    return errorRedirect(redirectUri, 'access_denied', 'Service not found for this audience', state)
  if (get('prompt') === 'none') return errorRedirect(redirectUri, 'login_required', 'Login required', state)

  const nonce = get('nonce')
  return {
    ok: true,
    params: {
      clientId: req.client.clientId,
      redirectUri: redirectUri.href,
      ...(state !== undefined ? { state } : {}),
      ...(nonce !== undefined ? { nonce } : {}),
      codeChallenge,
      scope: (get('scope') ?? 'openid').trim().split(/\s+/).filter(Boolean).join(' ') || 'openid',
      audience,
      lang,
      screen: get('screen_hint') === 'signup' ? 'signup' : 'login',
      query: query.toString(),
    },
  }
}
