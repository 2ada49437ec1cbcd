/**
 * The correlation id of a shopper's page (nav spec §9): one id per page, kept in the CORRELATION_ID
 * cookie, sent on every API call as `x-correlation-id` and written on every log record and span as
 * `correlation.id`. The rules here are shared by the header (kernel/telemetry/correlationId.ts reads
 * and writes the cookie) and the reference server (which sets the cookie on a first visit, reads the
 * id of a request and files spans and logs under it), so both agree on what an id is.
 */

/** The cookie holding the page's correlation id. */
export const CORRELATION_COOKIE = 'CORRELATION_ID'

/** The request header carrying the correlation id on API calls. */
export const CORRELATION_HEADER = 'x-correlation-id'

/** The attribute naming a shopper's session on spans, log records or their resource. */
export const CORRELATION_ATTRIBUTE = 'correlation.id'

/** 8-4-4-4-12 hex groups of 16 random bytes, then a dash and the creation time in hex (nav spec §9). */
export const CORRELATION_ID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]+$/

/**
 * The shape of a usable stored or sent id: wider than CORRELATION_ID_PATTERN so ids made by other
 * systems are kept, narrow enough to be safe in a cookie, a header, a log line and a URL path.
 */
export const USABLE_CORRELATION_ID = /^[A-Za-z0-9-]{8,100}$/

const randomValues = (n: number): Uint8Array => globalThis.crypto.getRandomValues(new Uint8Array(n))

/** A new id in the documented format; randomness and clock are injectable for tests. */
export function generateCorrelationId(
  randomBytes: (n: number) => Uint8Array = randomValues,
  now: () => number = Date.now,
): string {
  const hex = Array.from(randomBytes(16), (b) => b.toString(16).padStart(2, '0')).join('')
  const groups = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)]
  return `${groups.join('-')}-${Math.max(0, Math.floor(now())).toString(16)}`
}

/**
 * A usable stored or sent id: a string, not the text 'undefined' (nav spec §4: that counts as
 * missing), and of the USABLE_CORRELATION_ID shape (cookies and headers can be tampered with).
 */
export function isUsableCorrelationId(value: unknown): value is string {
  return typeof value === 'string' && value !== 'undefined' && USABLE_CORRELATION_ID.test(value)
}
