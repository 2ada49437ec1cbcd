/** How a failed call is classified (header spec §8): by status class, or by what went wrong. */
export type HttpErrorClass = '4xx' | '5xx' | 'unknown' | 'timeout' | 'network' | 'decode' | 'aborted'

/** The error value of a failed call; calls never throw. */
export interface HttpError {
  class: HttpErrorClass
  /** HTTP status, when a response arrived. */
  status?: number
  /** Parsed JSON for a 400, the raw text otherwise (header spec §8); `{ status, body }` when the call asked to wrap. */
  payload: unknown
  /** What failed and where, for logs: method, path and cause. */
  message: string
  method: string
  path: string
  correlationId: string
}
