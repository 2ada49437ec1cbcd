import { isSameOriginPath } from '../../../kernel/config/safePath'

const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description'] as const

/** Whether `url` is a return from the provider: `state` with `code` or `error` in the query. */
export function hasCallbackParams(url: string): boolean {
  try {
    const query = new URL(url).searchParams
    return query.has('state') && (query.has('code') || query.has('error'))
  } catch {
    return false
  }
}

/** `url` without the provider's callback parameters, for `history.replaceState` after the callback. */
export function withoutCallbackParams(url: string): string {
  const parsed = new URL(url)
  for (const name of CALLBACK_PARAMS) parsed.searchParams.delete(name)
  return parsed.href
}

/**
 * A return address on `origin`, as a path (`/cart?x=1#top`), or undefined. Accepts a same-origin path
 * (kernel/config/safePath.ts) or an absolute URL with exactly that origin.
 */
export function sameOriginPath(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || !value) return undefined
  if (value.startsWith('/')) return isSameOriginPath(value) ? value : undefined
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value) || value !== value.trim()) return undefined
  try {
    const url = new URL(value)
    if (url.origin !== origin || url.username || url.password) return undefined
    // `https://shop.example//evil.com` has the path `//evil.com`: judge the path as well.
    const path = `${url.pathname}${url.search}${url.hash}`
    return isSameOriginPath(path) ? path : undefined
  } catch {
    return undefined
  }
}
