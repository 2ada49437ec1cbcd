import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/** scrypt cost: N=16384, r=8, p=1 (about 16 MB and tens of milliseconds per hash, OWASP's minimum). */
export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 } as const
const SALT_BYTES = 16
const KEY_BYTES = 32
/** Node's default 32 MB cap is too tight once N or r grow; 64 MB leaves room for stored older params. */
const MAX_MEMORY = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, params: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, { ...params, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/** `scrypt$N$r$p$salt$key`: a fresh 16-byte salt per password, and the parameters kept beside it. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, SCRYPT_PARAMS, KEY_BYTES)
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

const ENCODED = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([\w-]+)\$([\w-]+)$/

/** True when `password` matches `encoded`; compares in constant time. A malformed hash never matches. */
export async function verifyPasswordHash(password: string, encoded: string): Promise<boolean> {
  const match = ENCODED.exec(encoded)
  if (!match) return false
  const [, N, r, p, salt, key] = match
  const expected = Buffer.from(key!, 'base64url')
  if (expected.length === 0) return false
  const params = { N: Number(N), r: Number(r), p: Number(p) }
  const actual = await derive(password, Buffer.from(salt!, 'base64url'), params, expected.length)
  return timingSafeEqual(actual, expected)
}
