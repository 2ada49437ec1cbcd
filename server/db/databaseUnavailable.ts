/**
 * The database could not be reached or did not answer in time: an outage to wait out, not a bug.
 * The API answers it with 503 and Retry-After (http/errorHandling.ts).
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError'
  constructor(message: string, cause?: unknown) {
    super(message, { cause })
  }
}

/** Seconds a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5
