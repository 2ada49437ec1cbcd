import type { Database } from './database'

/**
 * One INSERT per call: the rows travel as one JSON array expanded by jsonb_to_recordset, so hundreds
 * of rows are one round trip on PGlite and PostgreSQL alike. ON CONFLICT DO NOTHING keeps it
 * idempotent (a re-run seed, an exporter's resent batch). `columns` maps each column to its SQL type.
 */
export async function insertRows(
  db: Database,
  table: string,
  columns: Record<string, string>,
  rows: object[],
) {
  if (rows.length === 0) return
  const names = Object.keys(columns)
  const shape = names.map((n) => `${n} ${columns[n]}`).join(', ')
  await db.query(
    `INSERT INTO ${table} (${names.join(', ')}) SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${shape}) ON CONFLICT DO NOTHING`,
    [JSON.stringify(rows)],
  )
}
