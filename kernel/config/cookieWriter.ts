import Cookies from 'js-cookie'
import type { ConsentGroup } from '../../contracts/consentState'
import { type ConfiguredCookie, groupOfCookie } from '../consent/configuredCookies'
import type { Consent } from '../consent/consentStore'
import { readCookie } from './readCookie'

export interface CookieWriteOptions {
  /** Days until expiry; a session cookie when absent. */
  expiresDays?: number
  path?: string
}

/** Writes only the cookies the site configuration allows (header spec §5). */
export interface CookieWriter {
  /** Sets the cookie when allowed; returns whether it was written. */
  set(name: string, value: string, options?: CookieWriteOptions): boolean
  get(name: string): string | undefined
  remove(name: string, options?: { path?: string }): void
  /** Whether the site configuration allows the cookie and its consent group (if any) is allowed now. */
  isAllowed(name: string): boolean
}

/** What the writer needs to respect consent: the state, and which group each cookie belongs to. */
export interface CookieConsent {
  state: Pick<Consent, 'allows'>
  groupsOf: () => Record<ConsentGroup, readonly ConfiguredCookie[]>
}

/**
 * A js-cookie writer bound to an allow-list: path '/' and SameSite Lax (nav spec §9), Secure on
 * https. A cookie of a consent group is written only while that group is allowed (nav spec §4), so
 * no writer in the header needs to know about consent. A refused cookie is reported through
 * `onRefused` rather than silently dropped.
 */
export function createCookieWriter(
  allowed: () => readonly string[],
  opts: { secure?: boolean; onRefused?: (name: string) => void; consent?: CookieConsent } = {},
): CookieWriter {
  const consentAllows = (name: string) => {
    const group = opts.consent && groupOfCookie(opts.consent.groupsOf(), name)
    return group === undefined || opts.consent?.state.allows(group) !== false
  }
  const isAllowed = (name: string) => allowed().includes(name) && consentAllows(name)
  return {
    isAllowed,
    set(name, value, options = {}) {
      if (!isAllowed(name)) {
        opts.onRefused?.(name)
        return false
      }
      Cookies.set(name, value, {
        path: options.path ?? '/',
        sameSite: 'Lax',
        secure: opts.secure ?? false,
        ...(options.expiresDays !== undefined ? { expires: options.expiresDays } : {}),
      })
      return true
    },
    get: readCookie,
    remove: (name, options = {}) => Cookies.remove(name, { path: options.path ?? '/' }),
  }
}
