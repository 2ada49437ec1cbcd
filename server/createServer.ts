import type { Hono } from 'hono'
import { type AppOptions, createApp } from './app'
import { ensureSigningKey } from './auth/signingKeys'
import type { Database } from './db/database'
import { migrate } from './db/migrate'
import { type DatabaseOptions, openDatabase } from './db/openDatabase'
import { seed } from './db/seed'

export type ServerOptions = DatabaseOptions & Omit<AppOptions, 'store'>

export interface ReferenceServer {
  app: Hono
  db: Database
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
  return { app: createApp({ store: db, ...appOptions }), db, close: () => db.close() }
}
