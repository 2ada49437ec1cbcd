/**
 * The claims the header reads from an access token, decoded without a library: the token's
 * signature is the server's business; the header only needs to know when the token ends (header spec §5).
 */
export interface TokenClaims {
  /** Expiry, epoch seconds. */
  exp?: number
  /** Issued at, epoch seconds (with `exp`, the token's whole lifetime). */
  iat?: number
  /** Subject: the account the token was issued for (the server's user id). */
  sub?: string
  /** The store's customer id (the CustomerID cookie, the `users/{id}` path): not the subject. */
  customerId?: string
}

/** The claims of a JWT, or undefined for anything that is not one. Never throws. */
export function jwtClaims(token: string | undefined): TokenClaims | undefined {
  if (typeof token !== 'string') return undefined
  const parts = token.split('.')
  if (parts.length !== 3 || !parts[1]) return undefined
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]))
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return undefined
    const { exp, iat, sub, customerId } = claims as Record<string, unknown>
    return {
      ...(typeof exp === 'number' && Number.isFinite(exp) ? { exp } : {}),
      ...(typeof iat === 'number' && Number.isFinite(iat) ? { iat } : {}),
      ...(typeof sub === 'string' ? { sub } : {}),
      ...(typeof customerId === 'string' && customerId ? { customerId } : {}),
    }
  } catch {
    return undefined
  }
}

function base64UrlDecode(segment: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) throw new Error('not base64url')
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
}

/** An unsigned token with the given claims, for tests and fixtures (the header never signs). */
export function unsignedJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`
}
