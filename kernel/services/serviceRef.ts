import type { ServiceRef } from '../../contracts/serviceRef'

/** The typed handle to a service; declared in contracts/ (which imports nothing from the kernel). */
export { createServiceRef, type ServiceRef } from '../../contracts/serviceRef'

/** A dependency that may be absent (its plugin switched off): the factory gets `undefined` then. */
export interface OptionalDep<T> {
  readonly optional: ServiceRef<T>
}

/** `provide(sessionRef, { logger: optional(loggerRef) }, ({ logger }) => …)`: logger may be undefined. */
export const optional = <T>(ref: ServiceRef<T>): OptionalDep<T> => ({ optional: ref })

export type ServiceDeps = Record<string, ServiceRef<unknown> | OptionalDep<unknown>>
export type ResolvedDeps<D extends ServiceDeps> = {
  [K in keyof D]: D[K] extends OptionalDep<infer T>
    ? T | undefined
    : D[K] extends ServiceRef<infer T>
      ? T
      : never
}

/** The ref behind a dependency, and whether the factory can do without it. */
export function depRef(dep: ServiceRef<unknown> | OptionalDep<unknown>): {
  ref: ServiceRef<unknown>
  optional: boolean
} {
  return 'optional' in dep ? { ref: dep.optional, optional: true } : { ref: dep, optional: false }
}

/** What a factory knows of the plugin that provides the service: its id and decoded options. */
export interface ProvidingPlugin<Options = unknown> {
  pluginId: string
  options: Options
}

/** How a plugin provides a service: the ref, what it needs, and a factory. */
export interface ServiceFactory<T = unknown, D extends ServiceDeps = ServiceDeps, Options = unknown> {
  ref: ServiceRef<T>
  deps: D
  // A method, so a factory that names its plugin's options type still fits a list of any plugin's.
  create(deps: ResolvedDeps<D>, plugin: ProvidingPlugin<Options>): T
  /**
   * Clean-up the kernel runs when the service leaves the container (its plugin stops or fails to
   * start): subscriptions, timers, channels. Services are disposed last created first, so each one
   * still has its dependencies while it cleans up.
   */
  dispose?(service: T): void
}

/** What else a plugin declares about a service besides its factory. */
export interface ServiceLifecycle<T> {
  /** See `ServiceFactory.dispose`. */
  dispose?: (service: T) => void
}

/**
 * `provide(searchRef, { http: httpRef }, ({ http }, { options }) => createSearchService(http, options))`.
 * Dependencies are created first (their plugins start earlier); `optional(ref)` marks one that may be
 * missing. The second argument names the providing plugin and carries its options. A service that
 * holds something open declares its clean-up, so the kernel can run it when the plugin goes:
 * `provide(tabSyncRef, {}, createTabSync, { dispose: (sync) => sync.dispose() })`.
 */
export function provide<T, D extends ServiceDeps, Options = unknown>(
  ref: ServiceRef<T>,
  deps: D,
  create: (deps: ResolvedDeps<D>, plugin: ProvidingPlugin<Options>) => T,
  lifecycle: ServiceLifecycle<T> = {},
): ServiceFactory<T, D, Options> {
  return lifecycle.dispose ? { ref, deps, create, dispose: lifecycle.dispose } : { ref, deps, create }
}

/** Looks services up by ref; throws a message naming the ref when it is missing. */
export interface ServiceLookup {
  get<T>(ref: ServiceRef<T>): T
  has(ref: ServiceRef<unknown>): boolean
}

/** The kernel's own view of the container: plugins only look services up. */
export interface ServiceContainer extends ServiceLookup {
  set<T>(ref: ServiceRef<T>, value: T): void
  /** Removes a stopped or failed plugin's service, so nothing can reach it afterwards. */
  delete(ref: ServiceRef<unknown>): void
}

export function createServiceContainer(initial: Map<string, unknown> = new Map()): ServiceContainer {
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
    delete: (ref) => {
      values.delete(ref.id)
    },
  }
}
