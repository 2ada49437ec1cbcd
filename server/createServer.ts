import type { Hono } from 'hono'
import { type AppOptions, createApp } from './app'
import { ensureSigningKey } from './auth/signingKeys'
import type { Database } from './db/database'
import { migrate } from './db/migrate'
import { type DatabaseOptions, openDatabase } from './db/openDatabase'
import { seed } from './db/seed'
import { createSpanWriter, EMBEDDED_STATEMENT_ROWS } from './telemetry/spanWriter'

export type ServerOptions = DatabaseOptions & Omit<AppOptions, 'store'>

export interface ReferenceServer {
  app: Hono
  db: Database
  /** Writes the server spans still waiting for their batch (tests read them back after this). */
  flushSpans(): Promise<void>
  /** Writes the spans still waiting, then closes the database: a stopped server loses none. */
  close(): Promise<void>
}

/** Opens the database, applies migrations, seeds the CMS fixtures and builds the app. */
export async function createServer(opts: ServerOptions = {}): Promise<ReferenceServer> {
  const { databaseUrl, dataDir, memory, ...appOptions } = opts
  const db = await openDatabase({ databaseUrl, dataDir, memory })
  try {
    // Servers started together on one database migrate and seed one at a time (db/database.ts).
    await db.withStartupLock(async () => {
      await migrate(db)
      await seed(db)
      await ensureSigningKey(db)
    })
  } catch (error) {
    await db.close()
    throw error
  }
  const spanWriter = createSpanWriter(
    db,
    appOptions.logError ?? ((line, error) => console.error(line, error)),
    // The embedded database runs each statement on the requests' thread: short statements there.
    databaseUrl ? {} : { maxStatementRows: EMBEDDED_STATEMENT_ROWS },
  )
  return {
    app: createApp({ store: db, ...appOptions, spanWriter }),
    db,
    flushSpans: () => spanWriter.flush(),
    close: async () => {
      await spanWriter.flush()
      await db.close()
    },
  }
}
