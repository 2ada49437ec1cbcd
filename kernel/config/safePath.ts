const PROBE_ORIGIN = 'https://shop.example'

/**
 * True when `value` is a path on this site: it starts with a single '/', and the WHATWG URL parser
 * (the browser's own) resolves it to the same origin. Refuses `//host`, `/\host`, tabs and newlines
 * inside the slashes, `javascript:` and every other scheme (../shared/corpus/redirects.json).
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
