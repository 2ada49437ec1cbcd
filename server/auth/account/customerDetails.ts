import type { Context } from 'hono'
import { AUTH_COOKIES, type CustomerDetails } from '../../../contracts/auth'
import { BRAND_CURRENCY, type Brand, type Lang } from '../../../site/brand'
import type { CustomerProfile } from './customerProfile'

/** Header values echoed into cookies must look like group codes, so nothing else reaches a cookie. */
const GROUP_CODE = /^[\w.-]{1,64}$/

/** `$4.50` in English, `4,50 $` in French, in the brand's currency. */
export function formatMoney(cents: number, brand: Brand, lang: Lang): string {
  const currency = BRAND_CURRENCY[brand]
  const locale = lang === 'fr' ? 'fr-CA' : currency === 'CAD' ? 'en-CA' : 'en-US'
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100)
}

/**
 * The customer data response as the store sends it (header spec §3): the header's view of it
 * (contracts/auth.ts), with `connectedBrewer` as the string the spec names.
 */
export type CustomerDetailsResponse = Omit<CustomerDetails, 'connectedBrewer'> & {
  /** The string 'true' means a brewer is connected (the header reads it as a boolean). */
  connectedBrewer: 'true' | 'false'
}

function groupHeader(c: Context, name: string): string | undefined {
  const value = c.req.header(name)?.trim()
  return value && GROUP_CODE.test(value) ? value : undefined
}

/**
 * customerCookies.entry: the cookies the header writes from customer data. The price-group and perks
 * walk-up headers (`pricegroup`, `perkswalkupgroup`, sent from the header's cookies, header spec §7) are echoed
 * back; a customer's own price group wins over the header's; a super-welcome customer gets isSWU.
 */
function customerCookies(c: Context, profile?: CustomerProfile) {
  const entries: Record<string, string | null | undefined> = {
    [AUTH_COOKIES.priceGroup]: profile?.priceGroup ?? groupHeader(c, 'pricegroup'),
    [AUTH_COOKIES.userGroup]: profile?.userGroup,
    [AUTH_COOKIES.perksWalkupUser]: groupHeader(c, 'perkswalkupgroup'),
    // The super-welcome flag (header spec §3 isSWU) travels as a cookie, which login reads for ext-isSWU (header spec §6).
    [AUTH_COOKIES.isSWU]: profile?.superWelcome ? 'true' : undefined,
  }
  return {
    entry: Object.entries(entries)
      .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')
      .map(([key, value]) => ({ key, value })),
  }
}

/** Customer data of an anonymous visitor: the cart count of their anonymous cart, if any. */
export function anonymousDetails(c: Context, cartCount: number): CustomerDetailsResponse {
  return {
    isLoggedIn: false,
    firstName: '',
    customerID: '',
    perksOptIn: false,
    perksOptInSuccess: false,
    isLoyaltyExcludedCustomer: false,
    loyaltyProgramOptIn: false,
    cartCount,
    connectedBrewer: 'false',
    isADUser: false,
    isBrewcoEmployee: false,
    customerCookies: customerCookies(c),
  }
}

/** Customer data (header spec §3) of a signed-in customer. */
export function customerDetails(
  c: Context,
  profile: CustomerProfile,
  opts: { brand: Brand; lang: Lang; cartCount: number },
): CustomerDetailsResponse {
  return {
    isLoggedIn: true,
    firstName: profile.firstName,
    customerID: profile.customerId,
    perksOptIn: profile.perksOptIn,
    // Set by a perks opt-in call in the same page view, never by a read.
    perksOptInSuccess: false,
    isLoyaltyExcludedCustomer: profile.loyaltyExcluded,
    loyaltyProgramOptIn: profile.loyaltyProgramOptIn,
    loyaltyCashbackBalance: {
      formattedValue: formatMoney(profile.loyaltyCashbackCents, opts.brand, opts.lang),
      value: profile.loyaltyCashbackCents / 100,
    },
    cartCount: opts.cartCount,
    connectedBrewer: profile.connectedBrewer ? 'true' : 'false',
    isADUser: profile.adType !== 'NONE',
    isBrewcoEmployee: profile.isEmployee,
    customerCookies: customerCookies(c, profile),
  }
}
