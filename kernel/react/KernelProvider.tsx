import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react'
import type { Kernel } from '../kernel'
import type { ServiceRef } from '../services/serviceRef'

const KernelContext = createContext<Kernel | null>(null)

/** Makes a started kernel available to the shell and every slot. */
export function KernelProvider({ kernel, children }: { kernel: Kernel; children: ReactNode }) {
  return <KernelContext.Provider value={kernel}>{children}</KernelContext.Provider>
}

/** The kernel; throws a helpful message outside <KernelProvider> (tldraw's pattern). */
export function useKernel(): Kernel {
  const kernel = useContext(KernelContext)
  if (!kernel) throw new Error('useKernel() was called outside <KernelProvider>; wrap the header in it.')
  return kernel
}

/** A service by ref; throws naming the service when its plugin is off or failed. */
export function useService<T>(ref: ServiceRef<T>): T {
  return useKernel().services.get(ref)
}

/**
 * A service by ref, or undefined when no running plugin provides it (for optional integrations).
 * Re-renders when a plugin whose code arrived late starts (or everything stops), so the mini-cart
 * shows the count as soon as the plugin that provides it runs.
 */
export function useOptionalService<T>(ref: ServiceRef<T>): T | undefined {
  const { services, plugins } = useKernel()
  return useSyncExternalStore(plugins.subscribe, () => (services.has(ref) ? services.get(ref) : undefined))
}
