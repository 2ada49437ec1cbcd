import type { Kernel } from '../kernel/kernel'
import type { SlotName } from '../kernel/plugin/slots'
import type { RunningPlugins, SlotEntry } from '../kernel/registry/startPlugins'

/** The kernel as the shell sees it, with plugins the live configuration switched off hidden. */
export interface SwitchableKernel {
  /** For `<KernelProvider>`: the same kernel, whose slots leave out switched-off plugins. */
  kernel: Kernel
  /** Hides these plugins' slot contributions from now on (each rendered `<Slot>` updates). */
  switchOff(ids: readonly string[]): void
  isOff(id: string): boolean
}

/**
 * A plugin switched on when the header started (by a stored copy of the site configuration, or the
 * defaults) but switched off by the live configuration that came later (issue 12): the shopper stops
 * seeing it at once. The kernel has no per-plugin stop, so what the plugin started keeps running
 * until the page is left; on the next page its code is not even loaded. Only the shell's view of the
 * slots changes: `kernel.plugins` itself (and `window.oneHeader`) still lists the plugin as started.
 */
export function switchableKernel(kernel: Kernel): SwitchableKernel {
  const real = kernel.plugins
  const off = new Set<string>()
  const listeners = new Set<() => void>()
  // A stable array per slot until the slot or the switched-off set changes (useSyncExternalStore).
  const filtered = new Map<SlotName, { source: readonly SlotEntry[]; entries: readonly SlotEntry[] }>()

  const get = (name: SlotName): readonly SlotEntry[] | undefined => {
    const source = real.slots.get(name)
    if (!source || off.size === 0) return source
    const hit = filtered.get(name)
    if (hit?.source === source) return hit.entries
    const entries = source.filter((entry) => !off.has(entry.pluginId))
    filtered.set(name, { source, entries })
    return entries
  }
  const slots = new Proxy(real.slots, {
    get(target, prop) {
      if (prop === 'get') return get
      if (prop === 'has') return (name: SlotName) => (get(name)?.length ?? 0) > 0
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  const subscribe = (listener: () => void) => {
    const unsubscribe = real.subscribe(listener)
    listeners.add(listener)
    return () => {
      unsubscribe()
      listeners.delete(listener)
    }
  }
  const plugins = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop === 'slots') return slots
      if (prop === 'subscribe') return subscribe
      return Reflect.get(target, prop, receiver)
    },
  }) as RunningPlugins

  return {
    kernel: { ...kernel, plugins },
    switchOff(ids) {
      const added = ids.filter((id) => !off.has(id))
      if (added.length === 0) return
      for (const id of added) off.add(id)
      filtered.clear()
      for (const listener of [...listeners]) {
        try {
          listener()
        } catch {
          // A listener failing must not keep the others from updating.
        }
      }
    },
    isOff: (id) => off.has(id),
  }
}
