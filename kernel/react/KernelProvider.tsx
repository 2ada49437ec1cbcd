import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react'
import type { Kernel } from '../kernel'
import { type HeaderContext, headerContextRef } from '../services/kernelRefs'
import type { ServiceRef } from '../services/serviceRef'
import { createKernelHandle, type KernelHandle } from './kernelHandle'

/**
 * What the header's components read the kernel through: a handle that is filled from the start (the
 * live shell, a late part) or once the kernel has started (a part hydrated from the served state
 * before it), and, for the latter, the header context the page server drew the part from.
 */
interface KernelScope {
  handle: KernelHandle
  /** The context the part was served with: `useService(headerContextRef)` answers it until the kernel. */
  served?: HeaderContext
  /** The data the part was served with beyond the context (the navigation's items), by name. */
  data?: Readonly<Record<string, unknown>>
  /** What the page server's render of this tree saw of the kernel: none for a served part. */
  serverKernel: Kernel | null
}

const KernelContext = createContext<KernelScope | null>(null)

/** Makes a started kernel available to the shell and every slot. */
export function KernelProvider({ kernel, children }: { kernel: Kernel; children: ReactNode }) {
  const scope = useMemo(() => ({ handle: createKernelHandle(kernel), serverKernel: kernel }), [kernel])
  return <KernelContext.Provider value={scope}>{children}</KernelContext.Provider>
}

/**
 * Makes a part work before the kernel has started: the page server renders it with the context it
 * loaded, and the browser hydrates the same tree from the page's served state. Its services come
 * through `handle` when the kernel starts (`useServiceHandle`); until then `useService` answers only
 * the header context.
 */
export function PartProvider({
  handle,
  context,
  data,
  children,
}: {
  handle: KernelHandle
  context: HeaderContext
  data?: Readonly<Record<string, unknown>>
  children: ReactNode
}) {
  const scope = useMemo(
    () => ({ handle, served: context, serverKernel: null, ...(data ? { data } : {}) }),
    [handle, context, data],
  )
  return <KernelContext.Provider value={scope}>{children}</KernelContext.Provider>
}

function useScope(): KernelScope {
  const scope = useContext(KernelContext)
  if (!scope) throw new Error('useKernel() was called outside <KernelProvider>; wrap the header in it.')
  return scope
}

/** The handle the header's components reach the kernel through (to queue work until it starts). */
export function useKernelScopeHandle(): KernelHandle {
  return useScope().handle
}

/**
 * What a served part was drawn from beyond the header context (`name`: the navigation's items), the
 * same on the page server and in the browser; undefined outside a served part. A part shows it until
 * the kernel's live answer is in.
 */
export function useServed<T>(name: string): T | undefined {
  return useContext(KernelContext)?.data?.[name] as T | undefined
}

/** The kernel, or null while a served part is live before it; re-renders when it arrives. */
export function useKernelHandle(): Kernel | null {
  const { handle, serverKernel } = useScope()
  // The server's snapshot (no kernel for a served part) is what hydration must match first.
  return useSyncExternalStore(handle.subscribe, handle.current, () => serverKernel)
}

/** The kernel; throws a helpful message outside <KernelProvider> (tldraw's pattern) or before it starts. */
export function useKernel(): Kernel {
  const kernel = useKernelHandle()
  if (!kernel)
    throw new Error(
      'useKernel() was called in a part that is live before the kernel; read services with useServiceHandle().',
    )
  return kernel
}

/**
 * A service by ref; throws naming the service when its plugin is off or failed. Before the kernel
 * has started, only the header context a served part was drawn from is there.
 */
export function useService<T>(ref: ServiceRef<T>): T {
  const { served } = useScope()
  const kernel = useKernelHandle()
  if (!kernel && served && ref === (headerContextRef as ServiceRef<unknown>)) return served as T
  if (!kernel)
    throw new Error(
      `The service '${ref.id}' was asked for before the kernel started; read it with useServiceHandle().`,
    )
  return kernel.services.get(ref)
}

/**
 * A service by ref, or undefined when no running plugin provides it (for optional integrations) or
 * the kernel has not started yet. Re-renders when a plugin whose code arrived late starts (or
 * everything stops), so the mini-cart shows the count as soon as the plugin that provides it runs.
 */
export function useOptionalService<T>(ref: ServiceRef<T>): T | undefined {
  const kernel = useKernelHandle()
  const subscribe = useCallback(
    (listener: () => void) => (kernel ? kernel.plugins.subscribe(listener) : () => {}),
    [kernel],
  )
  return useSyncExternalStore(
    subscribe,
    () => (kernel?.services.has(ref) ? kernel.services.get(ref) : undefined),
    () => undefined,
  )
}

/**
 * A service a part needs only to answer the shopper (the search service behind the box's
 * suggestions): undefined until the kernel has started its plugin. A control whose answer needs it
 * keeps working meanwhile (the search form's Enter) or keeps the press for when it comes.
 */
export const useServiceHandle = useOptionalService
