import type { ServiceRef } from './serviceRef'

/**
 * A service the host puts into the container before any plugin starts (the CMS data it began to
 * fetch, say): the kernel knows only the ref, never what it stands for.
 */
export interface ServiceBinding<T = unknown> {
  readonly ref: ServiceRef<T>
  readonly value: T
}

/** `bindService(headerDataRef, headerData)`: a typed binding for `createKernel({ services })`. */
export const bindService = <T>(ref: ServiceRef<T>, value: T): ServiceBinding<T> => ({ ref, value })
