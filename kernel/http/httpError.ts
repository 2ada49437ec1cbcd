import type { HttpError, HttpErrorClass } from '../../contracts/httpError'

/** The error value of a failed call and its classes; declared in contracts/httpError.ts (Resource uses it). */
export type { HttpError, HttpErrorClass } from '../../contracts/httpError'

export type HttpResult<T> = { ok: true; data: T; status: number } | { ok: false; error: HttpError }

export function classifyStatus(status: number): HttpErrorClass {
  if (status >= 400 && status < 500) return '4xx'
  if (status >= 500 && status < 600) return '5xx'
  return 'unknown'
}

/**
 * The status of an error payload a call asked to have wrapped (`wrapError`, header spec §8: "wrapped
 * with status in an error object when requested"): `{ status, body }`. Undefined for any other payload.
 */
export function wrappedStatus(payload: unknown): number | undefined {
  if (typeof payload !== 'object' || payload === null || !('status' in payload) || !('body' in payload))
    return undefined
  const { status } = payload as { status: unknown }
  return typeof status === 'number' ? status : undefined
}
