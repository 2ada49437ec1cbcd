import { BehaviorSubject, type SchedulerLike, Subject, type Subscription } from 'rxjs'
import * as v from 'valibot'
import {
  AdTypeSchema,
  AUTH_COOKIES,
  CartSchema,
  type CustomerDetails,
  CustomerDetailsSchema,
  GenerateCartItemSchema,
  RECIPE_SET_COOKIE_MS,
  SessionCartGuidSchema,
} from '../../../contracts/auth'
import type { SiteConfig } from '../../../contracts/siteConfig'
import type { CookieWriter } from '../../../kernel/config/cookieWriter'
import type { HttpClient } from '../../../kernel/http/createHttpClient'
import { type Resource, unexpectedError } from '../../../kernel/state/resource'
import type { StateStream } from '../../../kernel/state/stateStream'
import { stateStream } from '../../../kernel/state/stateStream'
import type { Lang } from '../../../site/brand'
import type { AuthLog } from '../session/authLog'
import type { StorageLike } from '../tokens/storage'
import { cartRefreshes } from './cartRefreshes'

/** Session-storage key of the anonymous shopper's cart (header spec §3 session cart). */
export const CART_GUID_KEY = 'cartGuid'
/** Session-storage key of the signed-in customer's auto-delivery type (getAdType), per customer. */
export const AD_TYPE_KEY = 'oneHeader.adType'
const DAY_MS = 86_400_000

/** Who the customer data is read for (header spec §6): the path segment and whether the call carries the token. */
export interface Viewer {
  /** 'anonymous', 'current', or the customer an agent acts for. */
  segment: string
  bearer: boolean
}

export interface CustomerServiceDeps {
  http: HttpClient
  cookies: CookieWriter
  lang: Lang
  /** Whether the store sets its logged-in cookies after login (`handleLoggedInUserCookies`, header spec §7). */
  loggedInUserCookies: boolean
  siteConfig: () => Pick<SiteConfig, 'priceGroupCookieExpiryDays' | 'perksWalkupCookieExpiryDays'>
  session: StorageLike
  viewer: () => Viewer
  log: AuthLog
  scheduler?: SchedulerLike
}

export interface CustomerService {
  readonly customer$: StateStream<Resource<CustomerDetails>>
  readonly cartCount$: StateStream<number>
  /**
   * The auto-delivery type of the signed-in customer (header spec §7 getAdType): 'NONE', or the programme they
   * are in; null for a visitor, before it is known, or when the call failed.
   */
  readonly adType$: StateStream<string | null>
  /** getCustomerDetails; `quiet` keeps the last answer on screen while reading (cart refresh). */
  load(options?: { quiet?: boolean }): Promise<Resource<CustomerDetails>>
  /** Forgets the customer (sign-out). */
  reset(): void
  /** After login where the brand uses it (header spec §7): lets the store set its logged-in cookies. Best effort. */
  handleLoggedInUserCookies(): Promise<void>
  /** `updateCart` was heard: the count is read again 3 s later (several within 3 s make one read). */
  cartChanged(): void
  /** customize=true for a logged-out shopper (header spec §4): generate-cart-item, recipeSetId kept 20 minutes. */
  generateRecipeSet(): Promise<void>
  dispose(): void
}

const stateOf = <T>(subject: BehaviorSubject<T>): StateStream<T> => stateStream(subject)

/**
 * Customer data and the cart count (header spec §3, §4, §7): read for the anonymous shopper, the
 * signed-in customer or the customer an agent acts for; the count also read 3 s after `updateCart`.
 */
export function createCustomerService(deps: CustomerServiceDeps): CustomerService {
  const { http, cookies, session, log } = deps
  const customer = new BehaviorSubject<Resource<CustomerDetails>>({ status: 'idle' })
  const initialCount = Number.parseInt(cookies.get(AUTH_COOKIES.cartCount) ?? '', 10)
  const cartCount = new BehaviorSubject(Number.isFinite(initialCount) && initialCount >= 0 ? initialCount : 0)
  // Only the latest read may change the state (a refresh and a login can overlap).
  let generation = 0
  // The count comes from customer data and from cart reads: only the read asked last may set it.
  let countAsked = 0
  const adType = new BehaviorSubject<string | null>(null)
  const adTypes = createAdTypeReader(deps)
  const sessionCartGuid = () => readSessionCartGuid(deps)
  const put = (name: string, value: string, expiresDays?: number) =>
    putCookie(cookies, name, value, expiresDays)

  /** Never rejects: anything unexpected becomes an error value, logged. */
  async function load(options: { quiet?: boolean } = {}): Promise<Resource<CustomerDetails>> {
    try {
      return await read(options)
    } catch (error) {
      log('CUSTOMER_DETAILS_FAILED', `customer data threw: ${String(error)}`, { error })
      const failed: Resource<CustomerDetails> = {
        status: 'error',
        error: unexpectedError(error, 'getCustomerDetails'),
      }
      customer.next(failed)
      return failed
    }
  }

  async function read({ quiet = false }): Promise<Resource<CustomerDetails>> {
    const mine = ++generation
    const countMine = ++countAsked
    const viewer = deps.viewer()
    if (!quiet || customer.getValue().status !== 'success') customer.next({ status: 'loading' })
    const [cartGuid, ad] = viewer.bearer
      ? [session.getItem(CART_GUID_KEY) ?? undefined, await adTypes.read(viewer)]
      : [await sessionCartGuid(), null]
    if (mine === generation) adType.next(ad)
    const headers = customerDetailsHeaders(cookies)
    const r = await http.request({
      path: `users/${encodeURIComponent(viewer.segment)}/getCustomerDetails`,
      query: { cartGuid, lang: deps.lang, isADUser: ad === null ? viewer.bearer : ad !== 'NONE' },
      headers,
      bearer: viewer.bearer,
      refreshOn401: viewer.bearer,
      schema: CustomerDetailsSchema,
    })
    const next: Resource<CustomerDetails> = r.ok
      ? { status: 'success', data: r.data }
      : { status: 'error', error: r.error }
    if (!r.ok)
      log('CUSTOMER_DETAILS_FAILED', `could not read customer data: ${r.error.message}`, {
        httpError: r.error,
      })
    if (mine !== generation) return next
    if (r.ok) {
      if (countMine === countAsked) cartCount.next(r.data.cartCount)
      writeCustomerCookies(deps, r.data)
      customer.next(next)
    } else if (!quiet || customer.getValue().status !== 'success') customer.next(next)
    return next
  }

  /**
   * The cart alone (header spec §7 "users/current/carts/current (bearer); users/anonymous/carts"):
   * what an `updateCart` needs, lighter than the whole customer data. Its count replaces the shown
   * one; when the cart cannot be read, customer data is read instead (it carries the count too).
   */
  async function readCartCount(): Promise<void> {
    const mine = generation
    const countMine = ++countAsked
    const viewer = deps.viewer()
    const guid = viewer.bearer ? undefined : await sessionCartGuid()
    if (!viewer.bearer && !guid) return void (await load({ quiet: true }))
    const r = await http.request({
      path: viewer.bearer
        ? `users/${encodeURIComponent(viewer.segment)}/carts/current`
        : `users/anonymous/carts/${encodeURIComponent(guid ?? '')}`,
      bearer: viewer.bearer,
      refreshOn401: viewer.bearer,
      schema: CartSchema,
    })
    if (mine !== generation || countMine !== countAsked) return
    if (!r.ok) {
      log('CART_READ_FAILED', `could not read the cart: ${r.error.message}`, {
        httpError: r.error,
        logCategory: 'LOW',
      })
      return void (await load({ quiet: true }))
    }
    cartCount.next(r.data.totalUnitCount)
    put(AUTH_COOKIES.cartCount, String(r.data.totalUnitCount))
  }

  const updates = new Subject<void>()
  const refreshes: Subscription = cartRefreshes(updates, deps.scheduler).subscribe(() => {
    void readCartCount().catch((error: unknown) =>
      log('CART_READ_FAILED', `the cart read threw: ${String(error)}`, { error, logCategory: 'LOW' }),
    )
  })

  return {
    customer$: stateOf(customer),
    cartCount$: stateOf(cartCount),
    adType$: stateOf(adType),
    load,
    cartChanged: () => updates.next(),
    reset() {
      generation += 1
      adTypes.forget()
      session.removeItem(AD_TYPE_KEY)
      adType.next(null)
      customer.next({ status: 'idle' })
      cartCount.next(0)
    },
    handleLoggedInUserCookies: () => handleLoggedInUserCookies(deps),
    generateRecipeSet: () => generateRecipeSet(deps),
    dispose() {
      refreshes.unsubscribe()
      updates.complete()
    },
  }
}

/**
 * Header spec §6 "AD (auto-delivery) user": the customer's auto-delivery type from getAdType (bearer).
 * It says whether customer data is read as an AD user. When the call fails the spec's own rule
 * stands: AD user whenever there is an access token. Asked once per signed-in viewer (a cart refresh
 * does not ask again); `forget` at sign-out.
 */
function createAdTypeReader({ http, cookies, session, log }: CustomerServiceDeps) {
  let adTypeOf: { segment: string; answer: Promise<string | null> } | undefined

  function read(viewer: Viewer): Promise<string | null> {
    // Per customer: `current` is whoever is signed in, so the customer id cookie tells them apart.
    const whose = `${viewer.segment} ${cookies.get(AUTH_COOKIES.customerId) ?? ''}`
    if (adTypeOf?.segment === whose) return adTypeOf.answer
    // Kept for the tab's session: later pages read customer data at once instead of after this call.
    const kept = storedAdType(session, whose)
    if (kept !== undefined) {
      adTypeOf = { segment: whose, answer: Promise.resolve(kept) }
      return adTypeOf.answer
    }
    const answer = http
      .request({
        path: `users/${encodeURIComponent(viewer.segment)}/getAdType`,
        bearer: true,
        refreshOn401: true,
        schema: AdTypeSchema,
      })
      .then((r) => {
        if (r.ok) {
          session.setItem(AD_TYPE_KEY, JSON.stringify({ whose, adType: r.data.adType }))
          return r.data.adType
        }
        log('AD_TYPE_FAILED', `could not read the auto-delivery type: ${r.error.message}`, {
          httpError: r.error,
          logCategory: 'LOW',
        })
        if (adTypeOf?.answer === answer) adTypeOf = undefined // the next read asks again
        return null
      })
    adTypeOf = { segment: whose, answer }
    return answer
  }

  return {
    read,
    forget: () => {
      adTypeOf = undefined
    },
  }
}

function storedAdType(session: StorageLike, whose: string): string | undefined {
  try {
    const kept = JSON.parse(session.getItem(AD_TYPE_KEY) ?? 'null') as {
      whose?: unknown
      adType?: unknown
    } | null
    return kept?.whose === whose && typeof kept.adType === 'string' ? kept.adType : undefined
  } catch {
    return undefined // not ours, or hand-edited: ask again
  }
}

async function readSessionCartGuid({ http, session, log }: CustomerServiceDeps): Promise<string | undefined> {
  const stored = session.getItem(CART_GUID_KEY)
  if (stored) return stored
  const r = await http.request({ path: 'getSessionCartGuid', schema: SessionCartGuidSchema })
  if (!r.ok) {
    log('CART_GUID_FAILED', `could not read the session cart: ${r.error.message}`, { httpError: r.error })
    return undefined
  }
  if (r.data.sessioncartguid) session.setItem(CART_GUID_KEY, r.data.sessioncartguid)
  return r.data.sessioncartguid || undefined
}

/** Header spec §5: only cookies the site configuration allows; the others are simply not kept (nor reported). */
function putCookie(cookies: CookieWriter, name: string, value: string, expiresDays?: number) {
  if (!cookies.isAllowed(name)) return
  cookies.set(name, value, expiresDays === undefined ? {} : { expiresDays })
}

function writeCustomerCookies({ cookies, siteConfig }: CustomerServiceDeps, data: CustomerDetails) {
  const put = (name: string, value: string, expiresDays?: number) =>
    putCookie(cookies, name, value, expiresDays)
  const config = siteConfig()
  const days: Record<string, number> = {
    [AUTH_COOKIES.priceGroup]: config.priceGroupCookieExpiryDays,
    [AUTH_COOKIES.perksWalkupUser]: config.perksWalkupCookieExpiryDays,
  }
  for (const { key, value } of data.customerCookies.entry) put(key, value, days[key])
  put(AUTH_COOKIES.cartCount, String(data.cartCount))
  if (!data.isLoggedIn) return
  if (data.firstName) put(AUTH_COOKIES.customerFirstName, data.firstName)
  if (data.customerID && cookies.get(AUTH_COOKIES.customerId) !== data.customerID)
    put(AUTH_COOKIES.customerId, data.customerID)
  put(AUTH_COOKIES.isEmployee, String(data.isBrewcoEmployee))
  put(AUTH_COOKIES.isPerksOptIn, String(data.perksOptIn))
}

/** The price-group and perks walk-up cookies, sent with a customer data read as headers. */
function customerDetailsHeaders(cookies: CookieWriter): Record<string, string> {
  const headers: Record<string, string> = {}
  const priceGroup = cookies.get(AUTH_COOKIES.priceGroup)
  const perksWalkup = cookies.get(AUTH_COOKIES.perksWalkupUser)
  if (priceGroup) headers.pricegroup = priceGroup
  if (perksWalkup) headers.perkswalkupgroup = perksWalkup
  return headers
}

async function handleLoggedInUserCookies({ http, log, loggedInUserCookies }: CustomerServiceDeps) {
  if (!loggedInUserCookies) return
  const r = await http.request({ path: 'handleLoggedInUserCookies', bearer: true, schema: v.unknown() })
  if (!r.ok)
    log('LOGGED_IN_COOKIES_FAILED', `handleLoggedInUserCookies failed: ${r.error.message}`, {
      httpError: r.error,
      logCategory: 'LOW',
    })
}

async function generateRecipeSet(deps: CustomerServiceDeps) {
  const { http, cookies, log } = deps
  const cartGuid = await readSessionCartGuid(deps)
  const r = await http.request({
    method: 'POST',
    path: 'generate-cart-item',
    body: cartGuid ? { cartGuid } : {},
    schema: GenerateCartItemSchema,
  })
  if (!r.ok) {
    log('RECIPE_SET_FAILED', `generate-cart-item failed: ${r.error.message}`, { httpError: r.error })
    return
  }
  if (cookies.isAllowed(AUTH_COOKIES.recipeSetId))
    cookies.set(AUTH_COOKIES.recipeSetId, r.data.recipeSetId, {
      expiresDays: RECIPE_SET_COOKIE_MS / DAY_MS,
    })
}
