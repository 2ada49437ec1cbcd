import { type ComponentType, useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import { isSlotName, type SlotName } from '../plugin/slots'
import type { HeaderContext } from '../services/kernelRefs'
import { PartProvider } from './KernelProvider'
import type { KernelHandle } from './kernelHandle'
import { PluginBoundary } from './PluginBoundary'
import { Slot } from './Slot'
import { useHydrated } from './useHydrated'

export interface ServedPartProps {
  /** The plugin whose live component draws the part. */
  pluginId: string
  /** The slot it fills (the part's box, `data-part`). */
  slot: string
  /**
   * The plugin's options as the brand file writes them: what the part reads before the kernel; the
   * kernel's decoded ones (its manifest's schema, with defaults) from when it has started the plugin.
   */
  options: unknown
  /** The header context the part is drawn from (the same on the server and in the browser). */
  context: HeaderContext
  /** What else it is drawn from, by name (`useServed`): the navigation's items. */
  data?: Readonly<Record<string, unknown>>
  /** Where the part finds the kernel once it has started. */
  handle: KernelHandle
  Component: ComponentType
  /**
   * Told once the part is live: hydrated (inside its boundary, which React may hydrate after the
   * root) and drawn again as a live part, its served-only attributes gone (useHydrated).
   */
  onLive?: () => void
}

/**
 * One part of the header drawn once: the page server renders this tree to HTML from the state it
 * loaded, and the browser hydrates the very same tree over that HTML from the same state (React's
 * answer to "server HTML, then interactive"), before the kernel has started. The part's plugin
 * boundary is the one the live shell gives every contribution; a fault caught before the kernel is
 * reported to it when it comes.
 */
export function ServedPart({
  pluginId,
  slot,
  options,
  context,
  data,
  handle,
  Component,
  onLive,
}: ServedPartProps) {
  // Drawn again when the kernel arrives or the live configuration changes what the part shows.
  useSyncExternalStore(handle.subscribe, handle.version, () => 0)
  // The plugin's own entry once the kernel has started it (its decoded options), told when it does.
  const kernel = handle.current()
  const subscribe = useCallback(
    (listener: () => void) => (kernel ? kernel.plugins.subscribe(listener) : () => {}),
    [kernel],
  )
  const started = useSyncExternalStore(
    subscribe,
    () => kernel?.plugins.slots.get(slot as SlotName)?.find((entry) => entry.pluginId === pluginId),
    () => undefined,
  )
  // Once its plugin has run, the part is the plugin's slot: switched off later (the live site
  // configuration), or stopped, it goes as the slot's content does.
  const ran = useRef(false)
  if (started) ran.current = true
  if (kernel && ran.current && !started) return null
  return (
    <PartProvider handle={handle} context={context} {...(data ? { data } : {})}>
      <PluginBoundary
        pluginId={pluginId}
        options={started ? started.options : options}
        slot={slot}
        onFault={(fault) => handle.whenAttached((kernel) => kernel.reportFault(fault))}
      >
        <Component />
        {onLive && <WhenLive onLive={onLive} />}
      </PluginBoundary>
      {/* Other plugins' contributions to the same slot (a page's own plugin), each in its own
          boundary, once the kernel runs them: the part is its plugin's, the slot everyone's. (A
          shell row is no slot: it draws its own slots inside.) */}
      {isSlotName(slot) && <Slot name={slot} except={pluginId} />}
    </PartProvider>
  )
}

/**
 * The prefix of the ids React makes inside one served part (`useId`): the page server's render and
 * the browser's hydration of a part are separate roots, and must make the same ids, unlike any other
 * part's.
 */
export const servedPartIdPrefix = (slot: string): string => `oh-${slot.replace(/\W+/g, '-')}-`

/** Calls `onLive` once its place in the part is hydrated and drawn live (it draws nothing). */
function WhenLive({ onLive }: { onLive: () => void }) {
  const hydrated = useHydrated()
  useEffect(() => {
    if (hydrated) onLive()
  }, [hydrated, onLive])
  return null
}
