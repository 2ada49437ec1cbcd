/**
 * What the auth plugin offers the rest of the header: the session service its slots read, and the
 * identity-provider port. Services are plain TypeScript over RxJS; slots read them with useStream.
 */
import type { AuthErrorCode, CustomerDetails, LoginRequest, SignupRequest } from '../../contracts/auth'
import type { CardNotice } from '../../contracts/siteNotifications'
import { createServiceRef } from '../../kernel/services/serviceRef'
import type { Resource } from '../../kernel/state/resource'
import type { StateStream } from '../../kernel/state/stateStream'
import type { LoginContent } from './loginContent'
import type { LoginFlyoutRequests } from './loginFlyoutRequests'

/** Who is using the header now (header spec §6). */
export type SessionState =
  | { status: 'anonymous' }
  | {
      status: 'signedIn'
      /** From customer data, else the first-name cookie; '' until known. */
      firstName: string
      customerId: string
      /** Agent (nobo) session: an agent acting for `customerId` (header spec §6). */
      agent: { csAgentId: string } | null
      /** Epoch milliseconds at which the session ends (the refresh token's expiry). */
      sessionExpiresAt: number
    }

/** Outcome of a login, sign-up or password-reset request; `code` picks the banner (header spec §8). */
export type AuthResult =
  | { ok: true }
  | { ok: false; code: AuthErrorCode | 'network' | 'unexpected'; message: string }

/** What the session-expiry dialog should do now (header spec §4). */
/**
 * The session-expiry dialog's state. `shortSessionMs`: the session lasts no longer than the warning's
 * lead time, so the warning comes halfway through it instead (the dialog says so).
 */
export type ExpiryWarning = { show: false } | { show: true; expiresAt: number; shortSessionMs?: number }

export interface AuthSession {
  /** Signed in or not; token validity (header spec §5) plus customer state decides (header spec §4). */
  readonly state$: StateStream<SessionState>
  /** getCustomerDetails (header spec §3); idle while anonymous before the first read. */
  readonly customer$: StateStream<Resource<CustomerDetails>>
  /** Items in the cart: customer data's cartCount, refreshed 3 s after `updateCart` (header spec §4). */
  readonly cartCount$: StateStream<number>
  /** The signed-in customer's auto-delivery programme (getAdType), null until known. */
  readonly adType$: StateStream<string | null>
  /** The session-expiry dialog's schedule: checked every second (header spec §4). */
  readonly expiryWarning$: StateStream<ExpiryWarning>
  /** POST /api/auth/login; on success the tokens are stored and customer data is read. */
  login(input: LoginRequest): Promise<AuthResult>
  /** POST /api/auth/signup; on success the shopper is signed in (header spec §4 registration success). */
  signup(input: SignupRequest): Promise<AuthResult>
  /** POST /api/auth/forgotPassword. */
  forgotPassword(email: string): Promise<AuthResult>
  /** Identity-provider redirect login (header spec §6); leaves the page. */
  loginWithRedirect(options?: { screen?: 'login' | 'signup' }): Promise<void>
  /** "Stay logged in": refresh now and reschedule the warning. Resolves false if it failed (signed out). */
  staySignedIn(): Promise<boolean>
  /**
   * Sign out (header spec §4): clear storage and cookies, tell the other tabs, emit `logout`, then leave through
   * the identity provider to the configured return URL with `referrer` (same-origin paths only).
   */
  logout(options?: { referrer?: string }): Promise<void>
}

export const authSessionRef = createServiceRef<AuthSession>('auth.session')

/** Tokens as the identity provider hands them over after a redirect login. */
export interface IdentityTokens {
  accessToken: string
  refreshToken: string
  /** Seconds. */
  expiresIn: number
  refreshExpiresIn?: number
  /** The same-origin path the login started from, to go back to. */
  returnTo?: string
}

/**
 * The identity provider behind redirect login (header spec §6). Production: `@auth0/auth0-spa-js`
 * (plugins/auth/identity/auth0Identity.ts); the reference server offers compatible endpoints.
 */
export interface IdentityPort {
  /** Leaves for the provider's login page; `ui_locales` and the `ext-*` parameters are the adapter's job. */
  loginWithRedirect(options: {
    lang: 'en' | 'fr'
    screen?: 'login' | 'signup'
    returnTo: string
  }): Promise<void>
  /** On return from the provider (`code` and `state` in the address): the tokens, else undefined. */
  handleRedirectCallback(url: string): Promise<IdentityTokens | undefined>
  /** Leaves for the provider's logout, which sends the shopper on to `returnTo`. */
  logout(returnTo: string): Promise<void>
}

/**
 * The refs of the services the account part asks for, here with the others rather than beside their
 * services: the part is live before the kernel and must not carry the services' code (RxJS, the CMS
 * schemas) on its way.
 */
export const loginContentRef = createServiceRef<LoginContent>('auth.loginContent')
export const loginFlyoutRef = createServiceRef<LoginFlyoutRequests>('auth.loginFlyout')

/**
 * The signed-in customer's site notifications (header spec §7 getSiteNotifications, bearer, "card
 * expiration"), read once per sign-in and forgotten at sign-out. Notices of a kind the header does
 * not know are left out (and logged), never fatal; a failed call is logged and shows nothing.
 */
export interface SiteNotices {
  readonly state$: StateStream<Resource<readonly CardNotice[]>>
  /** Reads them for `customerParam` ('current', or the customer an agent acts for) unless already read. */
  load(customerParam: string): void
  reset(): void
}

export const siteNoticesRef = createServiceRef<SiteNotices>('auth.siteNotices')
