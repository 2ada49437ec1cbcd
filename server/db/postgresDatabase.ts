import pg from 'pg'
import type { Database } from './database'
import { DatabaseUnavailableError } from './databaseUnavailable'
import { withPostgresStartupLock } from './postgresStartupLock'

export interface PostgresOptions {
  /** How long to wait for a connection (TCP, TLS and PostgreSQL's start-up reply). */
  connectTimeoutMs?: number
  /** How long one query may take before the server gives up on it (client and server side). */
  queryTimeoutMs?: number
  /** Told about an idle connection that broke (a restarted database); the pool replaces it. */
  onIdleError?: (message: string) => void
}

/** Long enough for a remote database over TLS, short enough that a dead one is named quickly. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000
/** Far above any query here (the slowest, a search, takes milliseconds). */
export const DEFAULT_QUERY_TIMEOUT_MS = 15_000

/**
 * Connections each instance holds. All are opened at start and kept (a fixed-size pool, as a store's
 * application servers keep theirs): opened on demand, a burst of shoppers reaching a new or quiet
 * instance waited for ten connection set-ups at once (each a password exchange), which a busy
 * machine stretched past the connection time-out, and those pages answered 503.
 */
export const POOL_SIZE = 10

/** A real PostgreSQL server through a `pg` connection pool (DATABASE_URL). */
export async function openPostgresDatabase(
  connectionString: string,
  opts: PostgresOptions = {},
): Promise<Database> {
  const connectTimeoutMs = opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS
  const queryTimeoutMs = opts.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS
  const where = describeUrl(connectionString)
  const pool = new pg.Pool({
    connectionString,
    max: POOL_SIZE,
    // Never closed for being idle: a quiet minute must not cost the next burst its connections.
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: connectTimeoutMs,
    // Client side: a server that accepted the query and then went silent still ends the wait.
    query_timeout: queryTimeoutMs,
    // Server side: PostgreSQL cancels the statement itself, freeing its connection and locks.
    statement_timeout: queryTimeoutMs,
  })
  // Without a listener an idle client's error (the database restarted, a proxy cut the connection)
  // is an unhandled 'error' event that kills the process. The pool drops that client on its own and
  // opens a new one for the next query; saying so is all that is left to do.
  const onIdleError = opts.onIdleError ?? ((message: string) => console.error(`[server] ${message}`))
  pool.on('error', (error) =>
    onIdleError(
      `An idle connection to PostgreSQL at ${where} broke (${error.message}); the pool replaces it.`,
    ),
  )

  const explain = (error: unknown, sql: string) =>
    explainFailure(error, sql, where, connectTimeoutMs, queryTimeoutMs)
  // Fail at start-up with a clear message rather than on the first request.
  try {
    await pool.query('SELECT 1')
    // Then the whole pool, before the instance says it is ready.
    const clients = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()))
    for (const client of clients) client.release()
  } catch (error) {
    await pool.end().catch(() => {})
    const reason = explain(error, 'SELECT 1').message
    throw new Error(
      `Could not use the PostgreSQL server in DATABASE_URL: ${reason} Check the URL and that the server is running and answering, or unset DATABASE_URL to use the embedded PGlite.`,
    )
  }
  return {
    description: `PostgreSQL at ${where}`,
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      try {
        const result = await pool.query(sql, [...params])
        return { rows: result.rows as Row[] }
      } catch (error) {
        throw explain(error, sql)
      }
    },
    async exec(sql: string) {
      // No parameters: pg uses the simple query protocol, which accepts several statements.
      try {
        await pool.query(sql)
      } catch (error) {
        throw explain(error, sql)
      }
    },
    withStartupLock: (work) => withPostgresStartupLock(pool, where, work),
    async close() {
      await pool.end()
    },
  }
}

/** Host, port and database of a connection string, never its user or password. */
function describeUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString)
    return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`
  } catch {
    return 'DATABASE_URL'
  }
}

/**
 * The pool's failures in words an operator can act on. Losing the database (refused, reset, timed
 * out) becomes DatabaseUnavailableError, which the API answers with 503 and Retry-After instead of a
 * 500 "bug"; an error PostgreSQL itself reports (a bad query) passes through unchanged.
 */
function explainFailure(
  error: unknown,
  sql: string,
  where: string,
  connectTimeoutMs: number,
  queryTimeoutMs: number,
): Error {
  const message = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: string } | null)?.code
  const statement = sql.trim().split(/\s+/).slice(0, 3).join(' ')
  if (/timeout exceeded when trying to connect|connection timeout/i.test(message))
    return new DatabaseUnavailableError(
      `the connection timeout ran out: PostgreSQL at ${where} did not complete a connection within ${connectTimeoutMs} ms.`,
      error,
    )
  if (/query read timeout/i.test(message) || code === '57014')
    return new DatabaseUnavailableError(
      `the query timeout ran out: PostgreSQL at ${where} did not answer '${statement} …' within ${queryTimeoutMs} ms.`,
      error,
    )
  if (
    (code && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|EPIPE|57P0[123])$/.test(code)) ||
    /Connection terminated|terminating connection/i.test(message)
  )
    return new DatabaseUnavailableError(`PostgreSQL at ${where} is unreachable (${message}).`, error)
  return error instanceof Error ? error : new Error(message)
}
