import { createHash, timingSafeEqual } from 'node:crypto'

/** RFC 7636 header spec §4.1: 43–128 characters of the unreserved set. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/
/** An S256 challenge: base64url of a SHA-256 digest, 43 characters. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/

export const s256Challenge = (verifier: string): string =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url')

/** Whether `verifier` hashes (S256) to `challenge`, compared in constant time. */
export function verifyPkce(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier) || !S256_CHALLENGE.test(challenge)) return false
  const expected = Buffer.from(s256Challenge(verifier))
  const given = Buffer.from(challenge)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
