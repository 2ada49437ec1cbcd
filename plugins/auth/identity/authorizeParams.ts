import type { Lang } from '../../../site/brand'
import type { IdentitySettings } from './identitySettings'
import type { ShopperFlags } from './shopperFlags'

/** The `authorizationParams` of one `loginWithRedirect` (header spec §6). */
export interface LoginAuthorizationParams {
  /** Left out when not configured (the provider's default API). */
  audience?: string
  scope: string
  redirect_uri: string
  ui_locales: 'en' | 'fr-CA'
  'ext-isSWU': 'true' | 'false'
  'ext-existingperksuser': 'true' | 'false'
  'ext-hasAutoDelivery': 'true' | 'false'
  'ext-perkpage': 'true' | 'false'
  screen_hint?: 'signup'
}

const bool = (value: boolean) => (value ? 'true' : 'false')

/**
 * Audience and scope from configuration; French pages get `ui_locales=fr-CA` and the French redirect
 * URI; the four `ext-*` flags are always sent, as 'true' or 'false', so the login page never has to
 * guess what an absent one means; sign-up adds `screen_hint=signup`.
 */
export function authorizationParamsFor(
  settings: IdentitySettings,
  lang: Lang,
  screen: 'login' | 'signup',
  flags: ShopperFlags,
): LoginAuthorizationParams {
  return {
    ...(settings.audience ? { audience: settings.audience } : {}),
    scope: settings.scope,
    redirect_uri: settings.redirectUris[lang],
    ui_locales: lang === 'fr' ? 'fr-CA' : 'en',
    'ext-isSWU': bool(flags.isSWU),
    'ext-existingperksuser': bool(flags.existingPerksUser),
    'ext-hasAutoDelivery': bool(flags.hasAutoDelivery),
    'ext-perkpage': bool(flags.perksPage),
    ...(screen === 'signup' ? { screen_hint: 'signup' as const } : {}),
  }
}
