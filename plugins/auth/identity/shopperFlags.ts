import { withoutLangPrefix } from '../../../site/language'

/** What the provider's login page is told about the shopper: the `ext-*` parameters (header spec §6). */
export interface ShopperFlags {
  /** Super-welcome user (Canadian brand): the `isSWU` cookie is 'true'. */
  isSWU: boolean
  /** Already a perks member: the `existingPerksUser` cookie is 'true'. */
  existingPerksUser: boolean
  /** Has an auto-delivery item: the `autoDeliveryItem` cookie is 'true' (the spec's auto-delivery-item flag). */
  hasAutoDelivery: boolean
  /** Login started from a perks / rewards page (isPerksPagePath). */
  perksPage: boolean
}

/** Cookie names the flags are read from. The auto-delivery one is named here; the spec only describes it. */
export const SHOPPER_FLAG_COOKIES = {
  isSWU: 'isSWU',
  existingPerksUser: 'existingPerksUser',
  hasAutoDelivery: 'autoDeliveryItem',
} as const

/**
 * A perks (loyalty) page: the rewards programme page (its path carries the brand name and ends in
 * `rewards-program`, French `programme-fidelite`), the loyalty and membership pages and My rewards.
 */
export function isPerksPagePath(pathname: string): boolean {
  const path = withoutLangPrefix(pathname).replace(/\/+$/, '') || '/'
  return (
    /^\/[\w-]*rewards-program$/.test(path) ||
    /^\/[\w-]*programme-fidelite$/.test(path) ||
    /^\/(loyalty|membership|perks)(\/|$)/.test(path) ||
    /^\/my-account\/loyalty(\/|$)/.test(path)
  )
}

export function shopperFlagsFrom(
  readCookie: (name: string) => string | undefined,
  pathname: string,
): ShopperFlags {
  const flag = (name: string) => readCookie(name) === 'true'
  return {
    isSWU: flag(SHOPPER_FLAG_COOKIES.isSWU),
    existingPerksUser: flag(SHOPPER_FLAG_COOKIES.existingPerksUser),
    hasAutoDelivery: flag(SHOPPER_FLAG_COOKIES.hasAutoDelivery),
    perksPage: isPerksPagePath(pathname),
  }
}

/** document.cookie reader (the adapter's default; the header may pass its CookieWriter's get). */
export function readDocumentCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(eq + 1).trim())
    } catch {
      return part.slice(eq + 1).trim()
    }
  }
  return undefined
}
