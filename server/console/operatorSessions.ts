import { createHash, randomBytes } from 'node:crypto'
import type { Database } from '../db/database'
import { type Operator, operatorById } from './operators'

/** An operator's session lasts a working day; signing out ends it at once. */
export const OPERATOR_SESSION_MS = 8 * 60 * 60_000

export interface OperatorSession {
  operator: Operator
  /** The session's CSRF token: every form that changes something carries it (console/csrf.ts). */
  csrfToken: string
}

/** What is stored of a session's token. */
export const sessionTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')
const randomToken = () => randomBytes(32).toString('base64url')

/** Starts a session; returns the cookie's token (only its hash is stored). */
export async function startOperatorSession(
  db: Database,
  operatorId: string,
  now = Date.now(),
): Promise<string> {
  const token = randomToken()
  // Expired sessions go as new ones come, so the table stays small without a sweeper.
  await db.query('DELETE FROM operator_sessions WHERE expires_at_ms < $1', [now])
  await db.query(
    'INSERT INTO operator_sessions (token_hash, operator_id, csrf_token, expires_at_ms) VALUES ($1, $2, $3, $4)',
    [sessionTokenHash(token), operatorId, randomToken(), now + OPERATOR_SESSION_MS],
  )
  return token
}

/** The session of a cookie's token, or undefined (unknown, expired, or its operator removed). */
export async function readOperatorSession(
  db: Database,
  token: string,
  now = Date.now(),
): Promise<OperatorSession | undefined> {
  const { rows } = await db.query<{ operator_id: string; csrf_token: string }>(
    'SELECT operator_id, csrf_token FROM operator_sessions WHERE token_hash = $1 AND expires_at_ms > $2',
    [sessionTokenHash(token), now],
  )
  const row = rows[0]
  if (!row) return undefined
  const operator = await operatorById(db, String(row.operator_id))
  return operator && { operator, csrfToken: row.csrf_token }
}

export async function endOperatorSession(db: Database, token: string): Promise<void> {
  await db.query('DELETE FROM operator_sessions WHERE token_hash = $1', [sessionTokenHash(token)])
}
