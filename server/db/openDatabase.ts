import type { Database } from './database'
import { openPgliteDatabase } from './pgliteDatabase'
import { openPostgresDatabase } from './postgresDatabase'

export interface DatabaseOptions {
  /** A PostgreSQL connection string; wins over everything else. */
  databaseUrl?: string
  /** PGlite data folder; ignored when `databaseUrl` is set. */
  dataDir?: string
  /** In-memory PGlite (tests); ignored when `databaseUrl` is set. */
  memory?: boolean
}

/** A real PostgreSQL when a URL is given, else PGlite on disk, or in memory when asked. */
export function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgresDatabase(opts.databaseUrl)
  if (opts.memory || !opts.dataDir) return openPgliteDatabase()
  return openPgliteDatabase(opts.dataDir)
}
