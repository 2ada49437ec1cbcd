import type { Hono } from 'hono'
import { createApp } from '../../app'
import type { Database } from '../../db/database'
import { migrate } from '../../db/migrate'
import { seed } from '../../db/seed'
import { openTestDatabase } from '../../db/testing/testStore'
import type { AuthServices } from '../authTypes'
import { createAuthServices } from '../createAuthServices'

export interface AccountTestApp {
  app: Hono
  db: Database
  auth: AuthServices
  /** The token clock: move it with `advance` instead of sleeping. */
  advance(seconds: number): void
  /** Every request-log line and logged error, to prove no password reaches a log. */
  logs: string[]
  /** Another app over the same database and clock (for example with test switches off). */
  sibling(opts: { testFaults: boolean }): Hono
  request(
    method: string,
    path: string,
    opts?: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> },
  ): Promise<Response>
  close(): Promise<void>
}

/** The reference app over a migrated, seeded in-memory database, with a movable token clock. */
export async function createAccountTestApp(): Promise<AccountTestApp> {
  const db = await openTestDatabase()
  await migrate(db)
  await seed(db)
  let offsetMs = 0
  const now = () => Date.now() + offsetMs
  const auth = createAuthServices(db, {}, now)
  const logs: string[] = []
  const build = (testFaults: boolean) =>
    createApp({
      store: db,
      auth,
      testFaults,
      log: (line) => logs.push(line),
      logError: (line, error) => logs.push(`${line} ${error instanceof Error ? error.stack : String(error)}`),
    })
  const app = build(true)
  return {
    app,
    db,
    auth,
    logs,
    advance: (seconds) => {
      offsetMs += seconds * 1000
    },
    sibling: ({ testFaults }) => build(testFaults),
    request(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers }
      let body = opts.body
      if (opts.json !== undefined) {
        headers['content-type'] ??= 'application/json'
        body = JSON.stringify(opts.json)
      }
      return Promise.resolve(app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) }))
    },
    close: () => db.close(),
  }
}
