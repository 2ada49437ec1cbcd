import {
  AUTH_COOKIES,
  AUTH_STORAGE,
  LOGGED_IN_MARKER_MS,
  SESSION_COOKIES,
  type TokenResponse,
} from '../../../contracts/auth'
import type { CookieWriter } from '../../../kernel/config/cookieWriter'
import { jwtClaims } from './jwt'
import type { StorageLike } from './storage'

const DAY_MS = 86_400_000

/** Which way the session was made (AUTH_STORAGE.loginSource); both refresh through the BFF. */
export type LoginSource = 'password' | 'idp'

export interface TokenStoreDeps {
  cookies: CookieWriter
  session: StorageLike
  local: StorageLike
  /** Site configuration's expiry settings (header spec §3), read when tokens are saved. */
  config: () => { refreshTokenExpirySeconds: number; noboRefreshTokenExpirySeconds: number }
  now: () => number
}

export interface SaveOptions {
  source?: LoginSource
  rememberMe?: boolean
  customerId?: string
  /** An agent (nobo) session: its session lasts the nobo refresh expiry (header spec §6). */
  nobo?: boolean
}

/** The tokens and session cookies of header spec §3, with the validity rule of header spec §5. */
export interface TokenStore {
  /** The access-token cookie as it is, valid or not. */
  accessToken(): string | undefined
  refreshToken(): string | undefined
  /** Header spec §5: present and not expired, compared in seconds. A malformed token is invalid. */
  isValid(token: string | undefined): boolean
  validAccessToken(): string | undefined
  /**
   * Whether a still-valid token is close enough to its end to rotate it (site configuration
   * rotate.token.expiry.seconds): at most `windowSeconds` left, and never more than half its
   * lifetime, so a short-lived token is not rotated on every call.
   */
  rotationDue(token: string | undefined, windowSeconds: number): boolean
  /** Epoch ms at which the session ends (the sessionExpiryDate cookie). */
  sessionExpiresAt(): number | undefined
  /** How long the current session lasts in all, ms, when this browser began or renewed it. */
  sessionLengthMs(): number | undefined
  /** A valid access token, or a refresh token to get one, and the session not over. */
  hasSession(): boolean
  customerId(): string | undefined
  loginSource(): LoginSource | undefined
  /** Stores tokens from a login, sign-up, redirect login or refresh; renews the session expiry. */
  save(tokens: TokenResponse, options?: SaveOptions): void
  /** Removes the access-token cookie (header spec §8, after a 401). */
  dropAccessToken(): void
  /** Removes every session cookie and storage entry. */
  clear(): void
}

export function createTokenStore(deps: TokenStoreDeps): TokenStore {
  const { cookies, session, local, now } = deps
  // Cookies the site configuration refuses still hold for this page (a misconfigured allow-list
  // must not make login impossible); they are simply not shared with other tabs or page loads.
  const refused = new Map<string, string>()
  // Tokens that are not JWTs expire when `expires_in` said (only known to the tab that got them).
  const expiries = new Map<string, number>()
  let lastToken: { token: string; exp: number | undefined; iat: number | undefined } | undefined

  const read = (name: string) => cookies.get(name) ?? refused.get(name)
  const write = (name: string, value: string, expiresDays?: number) => {
    // Asking first keeps a refused cookie out of the writer's refusal reports: it is expected here.
    const written =
      cookies.isAllowed(name) && cookies.set(name, value, expiresDays === undefined ? {} : { expiresDays })
    if (written) refused.delete(name)
    else refused.set(name, value)
  }

  const claimsOf = (token: string) => {
    if (lastToken?.token !== token) {
      const claims = jwtClaims(token)
      lastToken = { token, exp: claims?.exp, iat: claims?.iat }
    }
    return lastToken
  }
  const expiryOf = (token: string): number | undefined => claimsOf(token).exp ?? expiries.get(token)
  const isValid = (token: string | undefined): boolean => {
    if (!token) return false
    const exp = expiryOf(token)
    return exp !== undefined && Math.floor(now() / 1000) < exp
  }

  const sessionSeconds = (tokens: TokenResponse, nobo: boolean): number => {
    if (tokens.refresh_expires_in !== undefined) return tokens.refresh_expires_in
    const config = deps.config()
    if (nobo) return config.noboRefreshTokenExpirySeconds
    const stored = session.getItem(AUTH_STORAGE.refreshTokenExpiry)
    const seconds = stored === null ? Number.NaN : Number(stored)
    return Number.isFinite(seconds) && seconds > 0 ? seconds : config.refreshTokenExpirySeconds
  }

  const sessionExpiresAt = () => {
    const value = Number(read(AUTH_COOKIES.sessionExpiryDate))
    return Number.isFinite(value) && value > 0 ? value : undefined
  }

  const store: TokenStore = {
    accessToken: () => read(AUTH_COOKIES.accessToken) || undefined,
    refreshToken: () => read(AUTH_COOKIES.refreshToken) || undefined,
    isValid,
    validAccessToken: () => {
      const token = store.accessToken()
      return isValid(token) ? token : undefined
    },
    rotationDue(token, windowSeconds) {
      if (!token || !isValid(token) || windowSeconds <= 0) return false
      const exp = expiryOf(token) ?? 0
      const { iat } = claimsOf(token)
      const window = iat !== undefined && iat < exp ? Math.min(windowSeconds, (exp - iat) / 2) : windowSeconds
      return exp - Math.floor(now() / 1000) <= window
    },
    sessionExpiresAt,
    sessionLengthMs: () => {
      const value = Number(local.getItem(AUTH_STORAGE.sessionLength))
      return Number.isFinite(value) && value > 0 ? value : undefined
    },
    hasSession: () => {
      const ends = sessionExpiresAt()
      if (ends !== undefined && now() >= ends) return false
      return isValid(store.accessToken()) || store.refreshToken() !== undefined
    },
    customerId: () => read(AUTH_COOKIES.customerId) || undefined,
    loginSource: () => {
      const source = local.getItem(AUTH_STORAGE.loginSource)
      return source === 'password' || source === 'idp' ? source : undefined
    },
    save(tokens, options = {}) {
      const at = now()
      const nobo = options.nobo ?? (tokens.nobo || session.getItem(AUTH_STORAGE.csAgentId) !== null)
      const endsAt = at + sessionSeconds(tokens, nobo) * 1000
      const rememberMe = options.rememberMe ?? read(AUTH_COOKIES.rememberMe)
      // Every token cookie ends with the session, so the browser drops them together. Without
      // "keep me signed in" they are session cookies as well: closing the browser signs out.
      const keep = rememberMe === undefined || String(rememberMe) === 'true'
      const days = keep ? Math.max(endsAt - at, 0) / DAY_MS : undefined
      expiries.set(tokens.access_token, Math.floor(at / 1000) + tokens.expires_in)
      write(AUTH_COOKIES.accessToken, tokens.access_token, days)
      write(AUTH_COOKIES.refreshToken, tokens.refresh_token, days)
      write(AUTH_COOKIES.sessionExpiryDate, String(endsAt), days)
      local.setItem(AUTH_STORAGE.sessionLength, String(endsAt - at))
      write(AUTH_COOKIES.isAuthenticated, 'true', days)
      write(AUTH_COOKIES.userWasLoggedIn, 'true', LOGGED_IN_MARKER_MS / DAY_MS)
      if (rememberMe !== undefined) write(AUTH_COOKIES.rememberMe, String(rememberMe), days)
      const claims = jwtClaims(tokens.access_token)
      const customerId = options.customerId || claims?.customerId || claims?.sub
      if (customerId) write(AUTH_COOKIES.customerId, customerId, days)
      if (options.source) local.setItem(AUTH_STORAGE.loginSource, options.source)
    },
    dropAccessToken() {
      cookies.remove(AUTH_COOKIES.accessToken)
      refused.delete(AUTH_COOKIES.accessToken)
    },
    clear() {
      for (const name of SESSION_COOKIES) cookies.remove(name)
      refused.clear()
      expiries.clear()
      local.removeItem(AUTH_STORAGE.loginKey)
      local.removeItem(AUTH_STORAGE.loginSource)
      local.removeItem(AUTH_STORAGE.sessionLength)
      session.removeItem(AUTH_STORAGE.noboCustomerId)
      session.removeItem(AUTH_STORAGE.csAgentId)
    },
  }
  return store
}
