/** Resolves after `ms` (start-up's grace periods and deadlines). */
export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Settles when `promise` does (fulfilled or rejected alike) or after `ms`, whichever comes first: a
 * part waiting for data it would rather show never waits longer than that.
 */
export const atMost = (promise: Promise<unknown>, ms: number): Promise<void> =>
  Promise.race([promise.then(noop, noop), delay(ms)])

const noop = () => undefined
