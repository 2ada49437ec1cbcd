import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { Database } from '../database'
import { type DatabaseOptions, openDatabase } from '../openDatabase'

/**
 * Where a test suite keeps its data. `npm test` runs the server's suites twice: once on in-memory
 * PGlite, then again with TEST_DATABASE_URL set by scripts/with-postgres.sh (a throw-away Debian
 * PostgreSQL), so every query is proved on both stores. Each call gets a database of its own, so
 * suites running side by side never see each other's rows; the whole cluster is deleted afterwards.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined

/** Options for createServer/openDatabase: in-memory PGlite, or a new empty PostgreSQL database. */
export async function testStore(): Promise<DatabaseOptions> {
  if (!TEST_DATABASE_URL) return { memory: true }
  return { databaseUrl: await createTestDatabase(TEST_DATABASE_URL) }
}

/** A new, empty, migrated-by-nobody database for one suite (openDatabase(await testStore())). */
export async function openTestDatabase(): Promise<Database> {
  return openDatabase(await testStore())
}

/**
 * Creates an empty database beside the admin URL's and returns its URL. `options` (a fixed string of
 * the test's, e.g. a collation) are tried first; a server that refuses them gives a plain database.
 */
export async function createTestDatabase(adminUrl: string, options = ''): Promise<string> {
  // The name is made here from digits, hex and a fixed prefix, never from input.
  const name = `one_header_${process.pid}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name} ${options}`).catch(async (error: unknown) => {
      if (!options) throw error
      await admin.query(`CREATE DATABASE ${name}`)
    })
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}
