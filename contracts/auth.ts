/**
 * The account layer's wire shapes (header spec §3, §7), shared by the header and the reference
 * server: the auth back-end-for-frontend (`/api/auth/*`), customer data, carts and agent sessions.
 * Every response the header reads is decoded by one of these; a wrong shape is an error value.
 */
import * as v from 'valibot'

export { AUTH_COOKIES } from './authCookies'

import { AUTH_COOKIES } from './authCookies'

/**
 * Every cookie a session leaves behind (header spec §3 "Cookies and storage"): cleared together on
 * logout and when a refresh fails (the auth plugin), and by the page server's logout page
 * (server/auth/endSession.ts). `userWasLoggedIn` stays: it is the 30-day "was logged in" marker.
 */
export const SESSION_COOKIES = [
  AUTH_COOKIES.accessToken,
  AUTH_COOKIES.refreshToken,
  AUTH_COOKIES.rememberMe,
  AUTH_COOKIES.customerId,
  AUTH_COOKIES.isAuthenticated,
  AUTH_COOKIES.sessionExpiryDate,
  AUTH_COOKIES.customerFirstName,
  AUTH_COOKIES.cartCount,
  AUTH_COOKIES.isPerksOptIn,
  AUTH_COOKIES.isEmployee,
  AUTH_COOKIES.priceGroup,
  AUTH_COOKIES.userGroup,
  AUTH_COOKIES.perksWalkupUser,
  AUTH_COOKIES.csAgentId,
  AUTH_COOKIES.noboSession,
] as const

/** Session-storage keys (header spec §3, §6): agent session and the refresh-expiry override. */
export const AUTH_STORAGE = {
  /** Agent (nobo) session: the customer the agent acts for, and the agent. */
  noboCustomerId: 'noboCustomerId',
  csAgentId: 'csAgentId',
  /** Seconds; overrides the configured refresh-token expiry (header spec §9 "unless set in session storage"). */
  refreshTokenExpiry: 'refreshTokenExpiry',
  /** Local storage: set while logged in (header spec §4 "removes the login key from storage"). */
  loginKey: 'oneHeader.login',
  /** Which way the session was made: 'password' (BFF) or 'idp' (redirect login). */
  loginSource: 'oneHeader.loginSource',
  /**
   * Local storage: how long the current session lasts, ms (its expiry minus the moment it began), so
   * the session-expiry warning can tell a session shorter than its lead time.
   */
  sessionLength: 'oneHeader.sessionLength',
} as const

/** Recipe-set cookie lifetime (header spec §9): 1,200,000 ms. */
export const RECIPE_SET_COOKIE_MS = 1_200_000
/** Logged-in marker cookie lifetime (header spec §9): 2,592,000,000 ms. */
export const LOGGED_IN_MARKER_MS = 2_592_000_000

const Email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(), v.maxLength(254))

export const LoginRequestSchema = v.object({
  email: Email,
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  rememberMe: v.optional(v.boolean(), false),
})
export type LoginRequest = v.InferInput<typeof LoginRequestSchema>

/** At least 8 characters with a letter and a digit: what the store asks of a new password. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,256}$/

export const SignupRequestSchema = v.object({
  email: Email,
  password: v.pipe(v.string(), v.regex(PASSWORD_RULE, 'password-rule')),
  firstName: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60)),
  lastName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60)), ''),
})
export type SignupRequest = v.InferInput<typeof SignupRequestSchema>

export const ForgotPasswordRequestSchema = v.object({ email: Email })

export const RefreshRequestSchema = v.object({
  refreshToken: v.pipe(v.string(), v.minLength(1)),
  clientId: v.optional(v.string(), ''),
})

/** What login, sign-up and refresh answer (header spec §7): the access token lives `expires_in` seconds. */
export const TokenResponseSchema = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  refresh_token: v.pipe(v.string(), v.minLength(1)),
  expires_in: v.pipe(v.number(), v.minValue(0)),
  /** Seconds the refresh token (so the session) lives; the header falls back to configuration. */
  refresh_expires_in: v.optional(v.pipe(v.number(), v.minValue(0))),
  token_type: v.optional(v.string(), 'Bearer'),
  /** Agent tokens say so (header spec §6). */
  nobo: v.optional(v.boolean(), false),
})
export type TokenResponse = v.InferOutput<typeof TokenResponseSchema>

/**
 * Error body of `/api/auth/*` (OAuth style). `invalid_grant` on refresh means the refresh token is
 * gone (revoked, reused or expired): a clean logout, never a retry loop.
 */
export const AuthErrorSchema = v.object({
  error: v.string(),
  error_description: v.optional(v.string(), ''),
})
export type AuthErrorCode =
  | 'invalid_request'
  | 'invalid_credentials'
  | 'email_taken'
  | 'invalid_grant'
  | 'rate_limited'

export const ForgotPasswordResponseSchema = v.object({ sent: v.boolean() })

const Entry = v.object({ key: v.string(), value: v.string() })

/** Customer data (header spec §3). Unknown fields are ignored; missing ones take the safe default. */
export const CustomerDetailsSchema = v.object({
  isLoggedIn: v.optional(v.boolean(), false),
  firstName: v.optional(v.string(), ''),
  customerID: v.optional(v.string(), ''),
  perksOptIn: v.optional(v.boolean(), false),
  /**
   * The store says this shopper's perks opt-in has just succeeded (header spec §3, §4): the member
   * panel shows the welcome, as after an opt-in made in this header (plugins/loyalty).
   */
  perksOptInSuccess: v.optional(v.boolean(), false),
  isLoyaltyExcludedCustomer: v.optional(v.boolean(), false),
  loyaltyProgramOptIn: v.optional(v.boolean(), false),
  loyaltyCashbackBalance: v.optional(
    v.object({ formattedValue: v.string(), value: v.optional(v.number(), 0) }),
  ),
  cartCount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
  /**
   * Whether the customer has a connected brewer (header spec §3: "the string true means a brewer is
   * connected"); the account menu's logged-in coffee-maker entry says so. Read as a boolean.
   */
  connectedBrewer: v.optional(
    v.pipe(
      v.union([v.string(), v.boolean()]),
      v.transform((x) => x === true || String(x).trim() === 'true'),
    ),
    false,
  ),
  isADUser: v.optional(v.boolean(), false),
  /** The employee flag; its field name carries the brand's name (header spec §3). */
  isBrewcoEmployee: v.optional(v.boolean(), false),
  customerCookies: v.optional(v.object({ entry: v.array(Entry) }), { entry: [] }),
})
export type CustomerDetails = v.InferOutput<typeof CustomerDetailsSchema>

export const SessionCartGuidSchema = v.object({ sessioncartguid: v.string() })

/** Header spec §6 agent session, as `/api/auth/nobo` and `extractNoboToken` answer it. */
export const NoboSessionSchema = v.object({
  isNoboUser: v.boolean(),
  customerId: v.optional(v.string(), ''),
  csAgentId: v.optional(v.string(), ''),
})
export type NoboSession = v.InferOutput<typeof NoboSessionSchema>

export const AdTypeSchema = v.object({ adType: v.string() })

/**
 * Customer-service-user data (header spec §7 "customer-service-user data", path not shown; ours is
 * GET rest/v2/{brand}/customerServiceUser with an agent's bearer token): who the agent is, for the
 * agent's own line in the account menus.
 */
export const CUSTOMER_SERVICE_USER_PATH = 'customerServiceUser'
export const CustomerServiceUserSchema = v.object({
  csAgentId: v.string(),
  firstName: v.string(),
  lastName: v.optional(v.string(), ''),
})
export type CustomerServiceUser = v.InferOutput<typeof CustomerServiceUserSchema>

export const CartSchema = v.object({
  guid: v.string(),
  totalUnitCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  entries: v.optional(
    v.array(v.object({ productCode: v.string(), quantity: v.number(), entryNumber: v.number() })),
    [],
  ),
})

export const GenerateCartItemSchema = v.object({ recipeSetId: v.string() })
