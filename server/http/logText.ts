import type { Context } from 'hono'

/**
 * What may end or rewrite a line in a log reader: C0 controls (CR, LF, ESC…), DEL, C1 controls, the
 * Unicode line and paragraph separators, and the backslash that starts our own escapes.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this escapes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/g

/**
 * Text a request chose (its path, method, an id) made safe for one log line: every unsafe character
 * becomes a `\uXXXX` escape (a backslash `\u005c`), so `%0D%0A` in a path can never start a forged
 * line, and the escaped text still reads as what was asked. Nothing else changes.
 */
export function escapeForLog(text: string): string {
  return text.replace(UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** `METHOD /path` of the request, for a log line (the path as Hono decoded it, escaped). */
export function requestTarget(c: Context): string {
  return escapeForLog(`${c.req.method} ${c.req.path}`)
}
