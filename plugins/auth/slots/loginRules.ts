import type { LabelKey } from '../../../contracts/labels'

/**
 * The email rule of header spec §5: local@domain.tld, a top-level domain of at least two letters,
 * domain labels that neither start nor end with a hyphen, the local part in RFC 5322's dot-atom
 * characters. Checked before any request is sent.
 */
export const EMAIL_RULE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/

export const isValidEmail = (value: string): boolean => {
  const email = value.trim()
  return email.length <= 254 && EMAIL_RULE.test(email) && !email.includes('..')
}

/** Which form last failed, if any. */
export type LoginFailure = 'login' | 'signup' | null

/** The login panel banner (header spec §8): its label, and whether it is an error or information. */
export interface LoginBanner {
  label: LabelKey
  tone: 'error' | 'info'
}

/**
 * Header spec §8: "label login.error.text on a login error, otherwise signup.error.text; when openLoginPopup is
 * present and there is no error, label login.flyout.ad.error".
 */
export function loginBanner(failure: LoginFailure, openLoginPopup: boolean): LoginBanner | null {
  if (failure === 'login') return { label: 'login.error.text', tone: 'error' }
  if (failure === 'signup') return { label: 'signup.error.text', tone: 'error' }
  return openLoginPopup ? { label: 'login.flyout.ad.error', tone: 'info' } : null
}

/** The query flags of header spec §2 that concern the account area. */
export interface AccountQueryFlags {
  /** Open the login flyout on load and focus its container (with the header spec §8 information banner). */
  openLoginPopup: boolean
  /** Open the flyout on the registration-success welcome, which closes itself after the delay. */
  openpopup: boolean
}

/** Flags are present or not: `?openLoginPopup`, `?openLoginPopup=true` and `?openpopup=1` all count. */
export function accountQueryFlags(search: string): AccountQueryFlags {
  const params = new URLSearchParams(search)
  const on = (name: string) => params.has(name) && params.get(name) !== 'false'
  return { openLoginPopup: on('openLoginPopup'), openpopup: on('openpopup') }
}

/** The registration-success welcome stays this long unless configuration says otherwise (header spec §9). */
export const DEFAULT_WELCOME_DELAY_MS = 5000

/** The configured delay when it is a usable number of milliseconds, else 5000 (header spec §4, §9). */
export const welcomeDelay = (configured: number): number =>
  Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_WELCOME_DELAY_MS
