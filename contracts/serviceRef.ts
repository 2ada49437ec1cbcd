/**
 * A typed handle to a service, in the manner of Backstage's ApiRef: plugins depend on refs, never on
 * each other's files. `createServiceRef<AuthSession>('auth.session')`. It lives in contracts/ so the
 * refs shared across plugins (contracts/serviceRefs.ts) need nothing from the kernel; the kernel
 * re-exports it (kernel/services/serviceRef.ts) next to `provide` and the container.
 */
export interface ServiceRef<T> {
  readonly id: string
  /** Phantom field that carries T; never read at run time. */
  readonly T?: T
}

/** A ref named `id`, dotted lower camel case (`auth.session`); throws naming the id otherwise. */
export function createServiceRef<T>(id: string): ServiceRef<T> {
  if (!/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)*$/.test(id)) {
    throw new Error(`Service ref id '${id}' is invalid: use dotted lower camel case such as 'auth.session'.`)
  }
  return { id, toString: () => `ServiceRef{${id}}` } as ServiceRef<T>
}
