/**
 * The one storage interface of the reference server. Both the embedded PGlite and a real PostgreSQL
 * (DATABASE_URL) sit behind it, so every query is plain PostgreSQL and runs unchanged on either.
 */
export interface Database {
  /** One statement with `$1…` parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>
  /**
   * A script of several statements without parameters (migrations). Sent as one simple query, so
   * PostgreSQL runs it as one implicit transaction: a failing statement rolls the whole script back.
   */
  exec(sql: string): Promise<void>
  /**
   * Runs start-up work (migrations, seeding) while holding the database's start-up lock, so servers
   * started together on one database do it one at a time and the later ones find it done. PGlite's
   * data folder belongs to one process, so there it simply runs the work.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>
  close(): Promise<void>
  /** Where the data lives, for the start-up banner (never includes credentials). */
  readonly description: string
}
