import { createHash, randomBytes } from 'node:crypto'

/** A refresh token: 32 random bytes, base64url. Opaque to everyone, including the header. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url')

/** What the database keeps instead of the token: its hex SHA-256 (the token has 256 bits of entropy, so no salt). */
export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex')
