import type { HttpError, HttpErrorClass } from '../../contracts/httpError'

/** The error value of a failed call and its classes; declared in contracts/httpError.ts (Resource uses it). */
export type { HttpError, HttpErrorClass } from '../../contracts/httpError'

export type HttpResult<T> = { ok: true; data: T; status: number } | { ok: false; error: HttpError }

export function classifyStatus(status: number): HttpErrorClass {
  if (status >= 400 && status < 500) return '4xx'
  if (status >= 500 && status < 600) return '5xx'
  return 'unknown'
}
