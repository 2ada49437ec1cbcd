import { isSameOriginPath } from '../../../kernel/config/safePath'

const MAX_URL_LENGTH = 2048

/**
 * `raw` as an address on `origin` (e.g. `https://shop.example`), or undefined when it could leave it.
 * Absolute `http(s)` URLs must have exactly that origin and no credentials; with `allowPath`, a path
 * starting with one '/' is resolved against the origin (kernel/config/safePath.ts judges it).
 * Control characters, backslashes and surrounding spaces are refused outright, because browsers
 * silently drop or rewrite them (`/\t/evil.com` is `//evil.com`). Redirect to the returned URL's
 * `href`, never to `raw`.
 */
export function sameOriginUrl(
  raw: string,
  origin: string,
  opts: { allowPath?: boolean } = {},
): URL | undefined {
  if (!raw || raw.length > MAX_URL_LENGTH || raw !== raw.trim()) return undefined
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
