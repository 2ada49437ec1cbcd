import type { HttpError } from './httpError'

/**
 * Every fetch is a Resource (header spec §4): idle, loading, success with data, or error. A shape
 * shared by services across plugins (contracts/serviceRefs.ts); the kernel's resource streams
 * (kernel/state/resource.ts) produce it.
 */
export type Resource<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: HttpError }
