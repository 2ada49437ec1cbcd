import { createContext, type ReactNode, useCallback, useContext } from 'react'
import type { KernelEvents } from '../bus/events'
import type { Kernel } from '../kernel'
import type { ServiceRef } from '../services/serviceRef'
import { usePluginId } from './PluginBoundary'

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

/** A service by ref, or undefined when no running plugin provides it (for optional integrations). */
export function useOptionalService<T>(ref: ServiceRef<T>): T | undefined {
  const { services } = useKernel()
  return services.has(ref) ? services.get(ref) : undefined
}

/**
 * Emits on the kernel bus as the plugin whose slot content is rendering (its id is the envelope's
 * `source`), so components never hard-code a plugin id.
 */
export function useEmit(): <K extends keyof KernelEvents>(type: K, payload: KernelEvents[K]) => void {
  const { bus } = useKernel()
  const pluginId = usePluginId()
  return useCallback((type, payload) => bus.emit(type, payload, pluginId), [bus, pluginId])
}
