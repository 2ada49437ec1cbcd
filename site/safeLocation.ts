import { isSameOriginPath } from './safePath'

/** The parts of an address the language switch works on (a `Location`, a `URL`, or a plain object). */
export interface UrlLike {
  pathname: string
  search?: string
  hash?: string
}

/** A same-origin address split into a normalised pathname, its query (with '?') and fragment (with '#'). */
export interface SafeLocation {
  pathname: string
  search: string
  hash: string
}

// Only used to let the WHATWG URL parser resolve dot segments and percent-encode; never shown anywhere.
const PROBE_ORIGIN = 'https://shop.example'
const HOME: SafeLocation = { pathname: '/', search: '', hash: '' }
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/

/** A pathname written without its leading slash (`cart`) gets one; anything scheme-like or odd does not. */
function withLeadingSlash(path: string): string | null {
  if (path.startsWith('/')) return path
  if (SCHEME.test(path) || !/^[A-Za-z0-9._~%!$&'()*+,;=@-]/.test(path)) return null
  return `/${path}`
}

function joinUrlLike(url: UrlLike): string {
  const search = url.search ?? ''
  const hash = url.hash ?? ''
  return (
    (typeof url.pathname === 'string' ? url.pathname : '') +
    (search === '' || search.startsWith('?') ? search : `?${search}`) +
    (hash === '' || hash.startsWith('#') ? hash : `#${hash}`)
  )
}

/**
 * Reads any input as an address on this site. Whatever is not a same-origin path (`//evil.com`,
 * `/\evil.com`, `https://evil.com`, `javascript:…`, control characters, non-strings) becomes the home
 * page `/`: the language switch must never send a shopper off the site. Runs of slashes inside the
 * pathname collapse to one, so removing or adding `/fr` can never produce a `//host` address.
 */
export function toSafeLocation(input: unknown): SafeLocation {
  let raw: string
  if (typeof input === 'string') raw = input
  else if (input !== null && typeof input === 'object' && 'pathname' in input)
    raw = joinUrlLike(input as UrlLike)
  else return HOME
  if (raw === '') return HOME
  const path = withLeadingSlash(raw)
  if (path === null || !isSameOriginPath(path)) return HOME
  try {
    const url = new URL(path, PROBE_ORIGIN)
    if (url.origin !== PROBE_ORIGIN) return HOME
    return { pathname: url.pathname.replace(/\/{2,}/g, '/'), search: url.search, hash: url.hash }
  } catch {
    return HOME
  }
}

/** The pathname without a trailing slash (`/cart/` is `/cart`); the root stays `/`. */
export const withoutTrailingSlash = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname
