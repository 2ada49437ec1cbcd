/**
 * The language-chosen cookie (header spec §4): switching language records the choice, 'true' for
 * French and 'false' for English, for non-agent shoppers only and only when the site configuration
 * allows the cookie; it lasts `language.selected.cookie.expiry.days` days, 7 by default (header spec §9). "On the
 * Canadian site with French selected the cookie is set likewise", for the French cookie lifetime of
 * Header spec §3 (`french.cookie.expiry.days`); an unusable French lifetime falls back to the general one.
 */

import { LANGUAGE_CHOSEN_COOKIE } from '../../site/languageChoice'

/** The cookie's name, as the site configuration's allow-list spells it (the page server reads it too). */
export const LANGUAGE_COOKIE = LANGUAGE_CHOSEN_COOKIE

/** Days the cookie lasts when the configuration gives no usable value (header spec §9). */
export const DEFAULT_LANGUAGE_COOKIE_DAYS = 7

export interface LanguageCookieInput {
  target: 'en' | 'fr'
  /** A customer-service agent acting for a customer (nobo session): never gets the cookie. */
  isAgent: boolean
  /** Cookie names the site configuration allows (`header.allowed.cookies`). */
  allowedCookies: readonly string[]
  /** From `language.selected.cookie.expiry.days`; zero, negative, NaN or missing means 7. */
  expiryDays?: number
  /** The brand: cab2c choosing French lasts `frenchExpiryDays` instead. */
  brand?: string
  /** From `french.cookie.expiry.days`; unusable means `expiryDays`. */
  frenchExpiryDays?: number
}

const usableDays = (days: number | undefined): number | undefined =>
  typeof days === 'number' && Number.isFinite(days) && days > 0 ? days : undefined

export type LanguageCookieDecision =
  | { set: false }
  | { set: true; name: typeof LANGUAGE_COOKIE; value: 'true' | 'false'; expiresDays: number }

/** Whether to write the language-chosen cookie for this switch, and with what value and lifetime. */
export function languageCookieDecision(input: LanguageCookieInput): LanguageCookieDecision {
  if (input.isAgent || !input.allowedCookies.includes(LANGUAGE_COOKIE)) return { set: false }
  const french =
    input.brand === 'cab2c' && input.target === 'fr' ? usableDays(input.frenchExpiryDays) : undefined
  const expiresDays = french ?? usableDays(input.expiryDays) ?? DEFAULT_LANGUAGE_COOKIE_DAYS
  return { set: true, name: LANGUAGE_COOKIE, value: input.target === 'fr' ? 'true' : 'false', expiresDays }
}
