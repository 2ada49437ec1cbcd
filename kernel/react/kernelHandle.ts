import type { Kernel } from '../kernel'

/**
 * Where a part that went live before the kernel finds the kernel once it has started: empty while
 * the page has only its parts (hydrated from the served state), filled once by the host when the
 * kernel is up. React reads it as an external store, so a part re-renders when its services arrive;
 * work that must wait for the kernel (a fault to report) is queued with `whenAttached`.
 */
export interface KernelHandle {
  /** The kernel, or null while it has not started. */
  current(): Kernel | null
  /** Called when the kernel is attached, and again whenever `changed` is called. */
  subscribe(listener: () => void): () => void
  /** Fills the handle with the started kernel. */
  attach(kernel: Kernel): void
  /** Tells the parts to draw again (the live site configuration changed what they show). */
  changed(): void
  /** Counts attaches and changes: what a part reads to draw again. */
  version(): number
  /** Runs `fn` with the kernel now, or as soon as it is attached. */
  whenAttached(fn: (kernel: Kernel) => void): void
}

export function createKernelHandle(initial: Kernel | null = null): KernelHandle {
  let kernel = initial
  // A version, so `changed` re-renders readers even though the kernel itself is the same object.
  let version = 0
  const listeners = new Set<() => void>()
  const waiting: ((kernel: Kernel) => void)[] = []
  const tell = () => {
    version += 1
    for (const listener of [...listeners]) listener()
  }
  return {
    current: () => kernel,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    attach(next) {
      if (kernel === next) return
      // A page starts its header once; a second start (a test's, a page that mounts the header
      // again) hands the parts the newer kernel.
      kernel = next
      for (const fn of waiting.splice(0)) fn(next)
      tell()
    },
    changed: tell,
    version: () => version,
    whenAttached(fn) {
      if (kernel) fn(kernel)
      else waiting.push(fn)
    },
  }
}

/**
 * The page's one handle: the entry's hydrated parts and the start-up chunk's kernel meet here (a
 * module both chunks share), so neither imports the other.
 */
export const pageKernel: KernelHandle = createKernelHandle()
