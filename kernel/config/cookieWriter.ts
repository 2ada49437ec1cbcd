import Cookies from 'js-cookie'
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
  isAllowed(name: string): boolean
}

/**
 * A js-cookie writer bound to an allow-list: path '/' and SameSite Lax (nav spec §9), Secure on
 * https. A refused cookie is reported through `onRefused` rather than silently dropped.
 */
export function createCookieWriter(
  allowed: () => readonly string[],
  opts: { secure?: boolean; onRefused?: (name: string) => void } = {},
): CookieWriter {
  const isAllowed = (name: string) => allowed().includes(name)
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
