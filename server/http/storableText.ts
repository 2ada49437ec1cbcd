import type { Context, MiddlewareHandler } from 'hono'
import { ApiError } from './apiError'
import { isOtlpPath } from './otlpStatus'

/** A lone surrogate: half of a UTF-16 pair without its other half (UTF-8 cannot encode it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Text PostgreSQL (and PGlite) can take: no NUL (U+0000, which a text value cannot hold: the query
 * fails) and no lone surrogate (not encodable as UTF-8).
 */
export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text)

/** The text with each NUL and lone surrogate replaced by U+FFFD, for stores that keep what they can. */
const UNSTORABLE = new RegExp(`\u0000|${LONE_SURROGATE.source}`, 'g')
export const storableTextOf = (text: string) => text.replace(UNSTORABLE, '\uFFFD')

/** The refusal's message, naming the part of the request that holds the text. */
export const unstorableMessage = (where: string) =>
  `The request's ${where} holds a character that cannot be stored (NUL or a lone surrogate). Send text without it.`

/**
 * One rule for every route that may reach the database: a request whose path or query holds text
 * the database cannot take is refused here with 400 and the usual JSON error, before any handler
 * runs (it used to fail inside PostgreSQL and answer 500). Bodies are checked by the two body
 * readers (http/readBody.ts, http/bodyFields.ts) with `isStorableValue`, after their size limit: a
 * middleware that read the body first would skip that limit. OTLP (`/v1/*`) is left to the
 * telemetry receiver, which answers in its own protocol's error shape.
 */
export function refuseUnstorableText(): MiddlewareHandler {
  return async (c, next) => {
    if (isOtlpPath(c.req.path)) return next()
    const where = unstorablePart(c)
    if (where) throw new ApiError(400, 'ValidationError', unstorableMessage(where), 'invalid')
    return next()
  }
}

function unstorablePart(c: Context): string | undefined {
  const url = new URL(c.req.url)
  if (!url.pathname.split('/').every((segment) => isStorableText(decoded(segment)))) return 'path'
  for (const [name, value] of url.searchParams)
    if (!isStorableText(name) || !isStorableText(value)) return `query parameter '${safeName(name)}'`
  return undefined
}

/** A path segment as the router decodes it (left as sent when it is not valid percent-encoding). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const safeName = (name: string) => (isStorableText(name) ? name.slice(0, 40) : '?')

/** Whether every key and string in a parsed body is storable; walked without recursion (any depth). */
export function isStorableValue(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length) {
    const item = stack.pop()
    if (typeof item === 'string') {
      if (!isStorableText(item)) return false
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (!isStorableText(key)) return false
        stack.push(inner)
      }
    }
  }
  return true
}
