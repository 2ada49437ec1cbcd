import { AUTH_COOKIES } from '../../../contracts/auth'
import { withoutLangPrefix } from '../../../site/language'
import type { SignInSource } from '../events'

/**
 * Cookies that say where and how the shopper signed in (header spec §3 "order-confirmation and
 * checkout-page login flags", "registrationSuccess"), for the store's checkout and account pages:
 * a login from the order confirmation (a guest who just ordered) or from checkout, and a fresh
 * sign-up. Session cookies, written only when the site configuration allows them.
 */
export const SIGN_IN_COOKIES = {
  orderConfirmationLogin: 'orderConfirmationLogin',
  checkoutLogin: 'checkoutLogin',
  registrationSuccess: AUTH_COOKIES.registrationSuccess,
} as const

/** The cookies to write when the shopper is signed in on `pathname` by `source`. */
export function signInCookies(pathname: string, source: SignInSource): Record<string, string> {
  const path = withoutLangPrefix(pathname)
  const writes: Record<string, string> = {}
  if (/^\/checkout\/orderConfirmation(\/|$)/.test(path))
    writes[SIGN_IN_COOKIES.orderConfirmationLogin] = 'true'
  else if (/^\/checkout(\/|$)/.test(path)) writes[SIGN_IN_COOKIES.checkoutLogin] = 'true'
  if (source === 'signup') writes[SIGN_IN_COOKIES.registrationSuccess] = 'true'
  return writes
}
