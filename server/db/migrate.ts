import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from '../paths'
import type { Database } from './database'

/** From the repository root, so the bundled server (dist-server/main.mjs) finds them too. */
export const MIGRATIONS_DIR = join(REPO_ROOT, 'server', 'db', 'migrations')

/** `0001_cms_content.sql`: a zero-padded version, an underscore and a snake_case name. */
const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/

export interface Migration {
  version: number
  name: string
  sql: string
}

/** The numbered SQL files in version order; a misnamed .sql file is an error, not silently skipped. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql'))
  return files
    .map((file) => {
      const match = MIGRATION_FILE.exec(file)
      if (!match) throw new Error(`Migration file '${file}' in ${dir} must be named like 0003_add_thing.sql.`)
      return { version: Number(match[1]), name: match[2]!, sql: readFileSync(join(dir, file), 'utf8') }
    })
    .sort((a, b) => a.version - b.version)
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each together with its record in
 * one script, so a failing migration leaves neither half its tables nor a record. Returns the
 * versions applied now (empty on an up-to-date database).
 */
export async function migrate(db: Database, migrations = readMigrations()): Promise<number[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`)
  const { rows } = await db.query<{ version: number }>('SELECT version FROM schema_migrations')
  const done = new Set(rows.map((r) => r.version))
  const applied: number[] = []
  for (const m of migrations) {
    if (done.has(m.version)) continue
    // version and name come from the validated file name (digits and [a-z0-9_]), safe to inline.
    const record = `INSERT INTO schema_migrations (version, name) VALUES (${m.version}, '${m.name}');`
    try {
      await db.exec(`${m.sql}\n;\n${record}`)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      // Recorded meanwhile: another server applied it at the same moment. Servers of this version take
      // the start-up lock first (createServer), so that one was older or skipped the lock.
      if (await isRecorded(db, m.version))
        throw new Error(
          `Migration ${m.version}_${m.name} was applied by another server starting at the same moment (a start-up race, not a fault in the SQL file): ${reason}. Start this server again; it will find the migration done.`,
        )
      throw new Error(
        `Migration ${m.version}_${m.name} failed and was rolled back: ${reason}. Fix the SQL file.`,
      )
    }
    applied.push(m.version)
  }
  return applied
}

async function isRecorded(db: Database, version: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version])
  return rows.length > 0
}
