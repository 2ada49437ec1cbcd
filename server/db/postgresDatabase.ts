import pg from 'pg'
import type { Database } from './database'

/** A real PostgreSQL server through a `pg` connection pool (DATABASE_URL). */
export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 })
  // Fail at start-up with a clear message rather than on the first request.
  try {
    await pool.query('SELECT 1')
  } catch (error) {
    await pool.end()
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(
      `Could not connect to the PostgreSQL server in DATABASE_URL (${reason}). Check the URL and that the server is running, or unset DATABASE_URL to use the embedded PGlite.`,
    )
  }
  const host = (() => {
    try {
      const url = new URL(connectionString)
      return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`
    } catch {
      return 'DATABASE_URL'
    }
  })()
  return {
    description: `PostgreSQL at ${host}`,
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, [...params])
      return { rows: result.rows as Row[] }
    },
    async exec(sql: string) {
      // No parameters: pg uses the simple query protocol, which accepts several statements.
      await pool.query(sql)
    },
    async close() {
      await pool.end()
    },
  }
}
