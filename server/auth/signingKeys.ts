import {
  type CryptoKey,
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose'
import type { Database } from '../db/database'

export const SIGNING_ALG = 'RS256'

export interface LoadedKeys {
  /** The newest key: it signs everything. */
  kid: string
  privateKey: CryptoKey
  /** Every stored public key, found by the token's kid, so tokens signed with an older key still verify. */
  verifyKey: JWTVerifyGetKey
  jwks: JSONWebKeySet
}

export interface SigningKeys {
  load(): Promise<LoadedKeys>
}

interface KeyRow {
  kid: string
  private_jwk: JWK
  public_jwk: JWK
}

const selectKeys = (db: Database) =>
  db.query<KeyRow>('SELECT kid, private_jwk, public_jwk FROM signing_keys ORDER BY created_at DESC, kid')

/** A new RS256 pair, stored; a concurrent start that stored one first wins (its row is read back). */
async function createKey(db: Database): Promise<void> {
  const pair = await generateKeyPair(SIGNING_ALG, { extractable: true, modulusLength: 2048 })
  const publicJwk = await exportJWK(pair.publicKey)
  const kid = await calculateJwkThumbprint(publicJwk)
  const privateJwk = await exportJWK(pair.privateKey)
  await db.query(
    `INSERT INTO signing_keys (kid, alg, private_jwk, public_jwk)
     SELECT $1, $2, $3::jsonb, $4::jsonb WHERE NOT EXISTS (SELECT 1 FROM signing_keys)
     ON CONFLICT DO NOTHING`,
    [kid, SIGNING_ALG, JSON.stringify(privateJwk), JSON.stringify(publicJwk)],
  )
}

/**
 * Makes the first signing key at start-up, under the start-up lock (createServer), so servers started
 * together on an empty database sign with one key: made lazily, each could read only its own row
 * before the other's was stored, and refuse the other's tokens until restarted.
 */
export async function ensureSigningKey(db: Database): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM signing_keys LIMIT 1')
  if (rows.length === 0) await createKey(db)
}

async function loadKeys(db: Database): Promise<LoadedKeys> {
  let { rows } = await selectKeys(db)
  if (rows.length === 0) {
    await createKey(db)
    ;({ rows } = await selectKeys(db))
  }
  const newest = rows[0]
  if (!newest) throw new Error('No token signing key in signing_keys after creating one.')
  const privateKey = await importJWK(newest.private_jwk, SIGNING_ALG)
  if (privateKey instanceof Uint8Array) throw new Error(`Signing key ${newest.kid} is not an RSA key.`)
  const jwks: JSONWebKeySet = {
    keys: rows.map((r) => ({ ...r.public_jwk, kid: r.kid, alg: SIGNING_ALG, use: 'sig' })),
  }
  return { kid: newest.kid, privateKey, verifyKey: createLocalJWKSet(jwks), jwks }
}

/**
 * The token signing keys, kept in `signing_keys` so tokens survive a restart. Loaded (or made, on an
 * empty database) on first use; a failed load is retried by the next call rather than remembered.
 */
export function createSigningKeys(db: Database): SigningKeys {
  let loading: Promise<LoadedKeys> | undefined
  return {
    load() {
      loading ??= loadKeys(db).catch((error: unknown) => {
        loading = undefined
        throw error
      })
      return loading
    },
  }
}
