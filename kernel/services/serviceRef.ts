/**
 * A typed handle to a service, in the manner of Backstage's ApiRef: plugins depend on refs, never on
 * each other's files. `createServiceRef<AuthSession>('auth.session')`.
 */
export interface ServiceRef<T> {
  readonly id: string
  /** Phantom field that carries T; never read at run time. */
  readonly T?: T
}

export function createServiceRef<T>(id: string): ServiceRef<T> {
  if (!/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)*$/.test(id)) {
    throw new Error(`Service ref id '${id}' is invalid: use dotted lower camel case such as 'auth.session'.`)
  }
  return { id, toString: () => `ServiceRef{${id}}` } as ServiceRef<T>
}

export type ServiceDeps = Record<string, ServiceRef<unknown>>
export type ResolvedDeps<D extends ServiceDeps> = {
  [K in keyof D]: D[K] extends ServiceRef<infer T> ? T : never
}

/** How a plugin provides a service: the ref, what it needs, and a factory. */
export interface ServiceFactory<T = unknown, D extends ServiceDeps = ServiceDeps> {
  ref: ServiceRef<T>
  deps: D
  create: (deps: ResolvedDeps<D>) => T
}

/** `provide(searchRef, { http: httpRef }, ({ http }) => createSearchService(http))` */
export function provide<T, D extends ServiceDeps>(
  ref: ServiceRef<T>,
  deps: D,
  create: (deps: ResolvedDeps<D>) => T,
): ServiceFactory<T, D> {
  return { ref, deps, create }
}

/** Looks services up by ref; throws a message naming the ref when it is missing. */
export interface ServiceLookup {
  get<T>(ref: ServiceRef<T>): T
  has(ref: ServiceRef<unknown>): boolean
}

export function createServiceContainer(initial: Map<string, unknown> = new Map()): ServiceLookup & {
  set<T>(ref: ServiceRef<T>, value: T): void
} {
  const values = new Map(initial)
  return {
    get<T>(ref: ServiceRef<T>): T {
      if (!values.has(ref.id)) {
        throw new Error(
          `Service '${ref.id}' is not available: the plugin that provides it is switched off or failed to start.`,
        )
      }
      return values.get(ref.id) as T
    },
    has: (ref) => values.has(ref.id),
    set: (ref, value) => {
      values.set(ref.id, value)
    },
  }
}
