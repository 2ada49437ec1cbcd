import type { SiteConfig } from '../../../contracts/siteConfig'
import type { Lang } from '../../../site/brand'
import { HOME_PATH } from '../../../site/homePath'

/** What the Auth0 adapter needs, read once from the host page (header spec §6). */
export interface IdentitySettings {
  /** The provider's base URL with its scheme and no trailing '/', e.g. `http://localhost:4200`. */
  domain: string
  clientId: string
  audience: string
  scope: string
  /** `redirect_uri` per language: the `redirectUri` and `redirectUriFr` hidden inputs. */
  redirectUris: Record<Lang, string>
  /** The page's language: its redirect URI is the client's default. */
  lang: Lang
}

type AuthConfig = Pick<SiteConfig, 'authAudience' | 'authClientId' | 'authScope'>

const DEFAULT_SCOPE = 'openid profile email offline_access'

/** `authDomain` may be a bare host (`localhost:4200`, `tenant.auth0.com`): the page's scheme is added. */
export function providerBaseUrl(authDomain: string, protocol: string): string {
  const domain = authDomain.trim().replace(/\/+$/, '')
  if (!domain) return ''
  return /^https?:\/\//i.test(domain) ? domain : `${protocol}//${domain}`
}

/**
 * Identity-provider settings from the host page's hidden inputs (authDomain, authClientId,
 * authAudience, authScope, redirectUri, redirectUriFr), falling back to the site configuration for
 * client id, audience and scope, and to the page's origin for the redirect URIs. Pure: `page` is the
 * current location's protocol and origin. Throws, naming what is missing, when the provider cannot be
 * reached without guessing (no domain or no client id).
 */
export function identitySettingsFrom(
  hiddenInputs: Readonly<Record<string, string>>,
  siteConfig: AuthConfig,
  lang: Lang,
  page: { protocol: string; origin: string } = globalThis.location ?? { protocol: 'https:', origin: '' },
): IdentitySettings {
  const input = (id: string) => (hiddenInputs[id] ?? '').trim()
  const domain = providerBaseUrl(input('authDomain'), page.protocol)
  const clientId = input('authClientId') || siteConfig.authClientId.trim()
  const missing = [!domain && 'authDomain', !clientId && 'authClientId'].filter(Boolean)
  if (missing.length > 0)
    throw new Error(
      `auth plugin: identity-provider login needs ${missing.join(' and ')}; the host page must carry ` +
        'these hidden inputs (the client id may also come from the auth0.clientId site configuration).',
    )
  return {
    domain,
    clientId,
    audience: input('authAudience') || siteConfig.authAudience.trim(),
    scope: input('authScope') || siteConfig.authScope.trim() || DEFAULT_SCOPE,
    redirectUris: {
      en: input('redirectUri') || `${page.origin}/`,
      fr: input('redirectUriFr') || `${page.origin}${HOME_PATH.fr}`,
    },
    lang,
  }
}
