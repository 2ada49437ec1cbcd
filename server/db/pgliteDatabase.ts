import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { Database } from './database'

/**
 * Embedded PostgreSQL (PGlite, WebAssembly). `dataDir` keeps the data on disk across restarts;
 * without it the database lives in memory (tests). One process per data folder: PGlite has no
 * cross-process locking.
 */
export async function openPgliteDatabase(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const db = dataDir ? await PGlite.create({ dataDir }) : await PGlite.create()
  return {
    description: dataDir ? `embedded PGlite in ${dataDir}` : 'embedded PGlite in memory',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await db.query<Row>(sql, [...params])
      return { rows: result.rows }
    },
    async exec(sql: string) {
      await db.exec(sql)
    },
    // One process per data folder (or memory): nobody else can be starting on it.
    withStartupLock: (work) => work(),
    async close() {
      if (!db.closed) await db.close()
    },
  }
}
