import type { ConsentHistory, ConsentRecord, ConsentRecordRequest } from '../../contracts/consent'
import type { Database } from '../db/database'

interface ConsentRow {
  consent_id: string
  action: ConsentRecord['action']
  recorded_at: Date | string
  brand: string
  lang: string
  policy_version: string
  functional: boolean
  analytical: boolean
  targeting: boolean
  gpc: boolean
}

const COLUMNS =
  'consent_id, action, recorded_at, brand, lang, policy_version, functional, analytical, targeting, gpc'

const recordOf = (row: ConsentRow): ConsentRecord => ({
  consentId: row.consent_id,
  action: row.action,
  recordedAt: new Date(row.recorded_at).toISOString(),
  brand: row.brand,
  lang: row.lang,
  policyVersion: row.policy_version,
  choices: { functional: row.functional, analytical: row.analytical, targeting: row.targeting },
  gpc: row.gpc,
})

/**
 * Stores one choice, once: one `INSERT … ON CONFLICT DO NOTHING` on the idempotency key (PostgreSQL
 * makes a concurrent twin wait for the first and then do nothing), never read-then-write. A repeat
 * finds the record the first request stored, and says so.
 */
export async function storeConsentRecord(
  db: Database,
  brand: string,
  request: ConsentRecordRequest,
  correlationId: string | null,
): Promise<{ record: ConsentRecord; stored: boolean }> {
  const inserted = await db.query<ConsentRow>(
    `INSERT INTO consent_records (idempotency_key, consent_id, brand, lang, policy_version, action,
       functional, analytical, targeting, gpc, correlation_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      request.idempotencyKey,
      request.consentId,
      brand,
      request.lang,
      request.policyVersion,
      request.action,
      request.choices.functional,
      request.choices.analytical,
      request.choices.targeting,
      request.gpc,
      correlationId,
    ],
  )
  const row = inserted.rows[0]
  if (row) return { record: recordOf(row), stored: true }
  const earlier = await db.query<ConsentRow>(
    `SELECT ${COLUMNS} FROM consent_records WHERE idempotency_key = $1`,
    [request.idempotencyKey],
  )
  return { record: recordOf(earlier.rows[0]!), stored: false }
}

/** A visitor's records in `brand`, oldest first. */
export async function consentHistory(
  db: Database,
  brand: string,
  consentId: string,
): Promise<ConsentHistory> {
  const rows = await db.query<ConsentRow>(
    `SELECT ${COLUMNS} FROM consent_records WHERE brand = $1 AND consent_id = $2
     ORDER BY recorded_at, idempotency_key`,
    [brand, consentId],
  )
  return { consentId, records: rows.rows.map(recordOf) }
}
