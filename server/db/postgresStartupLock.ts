import type pg from 'pg'

/**
 * One lock per database for start-up work (migrations and seeding), so N servers started together on
 * one PostgreSQL (replicas, a rolling start after an upgrade) do it one at a time: the first does it,
 * the others wait and then find it done. Any fixed 64-bit number works; this one is ours alone.
 */
export const STARTUP_LOCK_KEY = 2_700_027_001n

/** A first start migrates and seeds in seconds; a wait this long means the holder is stuck. */
export const DEFAULT_STARTUP_LOCK_WAIT_MS = 120_000

/**
 * Runs `work` while this server holds the start-up lock, taken on a connection of its own inside a
 * transaction (`pg_advisory_xact_lock`): the lock ends with that transaction, or with the connection
 * if the process dies, so a crashed server never leaves the others waiting forever. `work` itself
 * runs on the pool's other connections.
 */
export async function withPostgresStartupLock<T>(
  pool: pg.Pool,
  where: string,
  work: () => Promise<T>,
  waitMs = DEFAULT_STARTUP_LOCK_WAIT_MS,
): Promise<T> {
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    await client.query('BEGIN')
    // The pool's 15 s statement timeout would cut a wait for another server's first start short.
    await client.query(`SET LOCAL statement_timeout = ${Math.ceil(waitMs)}`)
    try {
      await client.query({
        text: 'SELECT pg_advisory_xact_lock($1)',
        values: [STARTUP_LOCK_KEY.toString()],
        query_timeout: waitMs + 5000,
      } as pg.QueryConfig)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new Error(
        `Waited ${Math.round(waitMs / 1000)} s for another server starting on PostgreSQL at ${where} to finish migrating and seeding (${reason}). Stop or restart the server that is stuck starting, then start this one again.`,
      )
    }
    const result = await work()
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError
    })
    throw error
  } finally {
    // A connection whose rollback failed is dropped, not handed to the next query.
    client.release(broken)
  }
}
