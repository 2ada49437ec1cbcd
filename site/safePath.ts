const PROBE_ORIGIN = 'https://shop.example'

/**
 * True when `value` is a path on this site: it starts with a single '/', and the WHATWG URL parser
 * (the browser's own) resolves it to the same origin. Refuses `//host`, `/\host`, tabs and newlines
 * inside the slashes, `javascript:` and every other scheme (test/corpus/redirects.json).
 */
export function isSameOriginPath(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/')) return false
  // Browsers drop tabs and newlines and treat '\' as '/', so '/\t/evil.com' is '//evil.com'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/^\/[\\/\t\n\r]/.test(value) || /[\u0000-\u001f]/.test(value)) return false
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN
  } catch {
    return false
  }
}

/** `value` when it is a same-origin path, otherwise `fallback`. */
export const safePathOr = (value: unknown, fallback: string): string =>
  isSameOriginPath(value) ? value : fallback

/** An image address the header may load: a path on this site or an https URL (CMS media, labels). */
export const safeImageUrl = (url: string | undefined): string | undefined =>
  url && (isSameOriginPath(url) || /^https:\/\/[^\s/\\]+\//i.test(url)) ? url : undefined

const MAX_URL_LENGTH = 2048

/**
 * `raw` as an address on `origin` (e.g. `https://shop.example`), or undefined when it could leave it.
 * Absolute `http(s)` URLs must have exactly that origin and no credentials; with `allowPath`, a path
 * is judged by isSameOriginPath and resolved against the origin. Control characters, backslashes and
 * surrounding spaces are refused outright, because browsers silently drop or rewrite them
 * (`/\t/evil.com` is `//evil.com`). Redirect to the returned URL's `href`, never to `raw`.
 */
export function sameOriginUrl(
  raw: unknown,
  origin: string,
  opts: { allowPath?: boolean } = {},
): URL | undefined {
  if (typeof raw !== 'string' || !raw || raw.length > MAX_URL_LENGTH || raw !== raw.trim()) return undefined
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return undefined
  let url: URL
  try {
    if (raw.startsWith('/')) {
      if (!opts.allowPath || !isSameOriginPath(raw)) return undefined
      url = new URL(raw, `${origin}/`)
    } else {
      url = new URL(raw)
    }
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  if (url.username || url.password) return undefined
  return url.origin === origin ? url : undefined
}

/**
 * A return address on `origin` as a path (`/cart?x=1#top`), or undefined: a same-origin path, or an
 * absolute URL with exactly that origin whose path is itself a path on this site
 * (`https://shop.example//evil.com` has the path `//evil.com`, which would leave once made relative).
 */
export function sameOriginPath(value: unknown, origin: string): string | undefined {
  const url = sameOriginUrl(value, origin, { allowPath: true })
  if (!url) return undefined
  const path = `${url.pathname}${url.search}${url.hash}`
  return isSameOriginPath(path) ? path : undefined
}
