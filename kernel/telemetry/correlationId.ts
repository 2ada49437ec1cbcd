import Cookies from 'js-cookie'

export const CORRELATION_COOKIE = 'CORRELATION_ID'

/** 8-4-4-4-12 hex groups of 16 random bytes, then a dash and the creation time in hex (nav spec §9). */
export const CORRELATION_ID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]+$/

export function generateCorrelationId(
  randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
  now: () => number = Date.now,
): string {
  const hex = Array.from(randomBytes(16), (b) => b.toString(16).padStart(2, '0')).join('')
  const groups = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)]
  return `${groups.join('-')}-${Math.max(0, Math.floor(now())).toString(16)}`
}

/** A usable stored id: present, not the text 'undefined', and of a sane shape (cookies can be tampered). */
export function isUsableCorrelationId(value: string | undefined | null): value is string {
  return typeof value === 'string' && value !== 'undefined' && /^[A-Za-z0-9-]{8,100}$/.test(value)
}

/**
 * The page's correlation id: from the CORRELATION_ID cookie, or new (and stored) when the cookie is
 * missing, the text 'undefined' or malformed. SameSite=Strict, and Secure on https (nav spec §9).
 */
export function resolveCorrelationId(location: Pick<Location, 'protocol'> = window.location): string {
  const existing = Cookies.get(CORRELATION_COOKIE)
  if (isUsableCorrelationId(existing)) return existing
  const id = generateCorrelationId()
  Cookies.set(CORRELATION_COOKIE, id, {
    path: '/',
    sameSite: 'Strict',
    secure: location.protocol === 'https:',
  })
  return id
}
