import { type ComponentType, lazy, useSyncExternalStore } from 'react'
import type { Kernel } from '../kernel'
import type { SlotContribution, SlotName } from '../plugin/slots'
import type { SlotEntry } from '../registry/startPlugins'
import { useKernelHandle } from './KernelProvider'
import { PluginBoundary } from './PluginBoundary'

const NO_ENTRIES: readonly SlotEntry[] = []

const lazyComponents = new WeakMap<SlotContribution, ComponentType>()

function componentOf(contribution: SlotContribution): ComponentType {
  if (contribution.kind === 'eager') return contribution.component as ComponentType
  let component = lazyComponents.get(contribution)
  if (!component) {
    component = lazy(contribution.load as () => Promise<{ default: ComponentType }>)
    lazyComponents.set(contribution, component)
  }
  return component
}

/**
 * A named place in the header shell. Renders every running plugin's contribution to it, each in its
 * own boundary; renders nothing when no plugin contributes (a switched-off plugin leaves no trace).
 * While a plugin that will fill it is still loading, it holds an empty box, `data-slot-reserve`, that
 * the shell's CSS sizes like the content to come, so nothing moves when it arrives.
 */
export function Slot({ name, except }: { name: SlotName; except?: string }) {
  const kernel = useKernelHandle()
  // In a part drawn before the kernel (kernel/react/ServedPart.tsx) the slot fills when it has started.
  return kernel ? <SlotEntries kernel={kernel} name={name} {...(except ? { except } : {})} /> : null
}

/**
 * The contributions to `name` of the plugins the kernel runs, each in its own boundary; `except` is
 * a plugin whose contribution is drawn elsewhere (a part drawn once draws its own plugin's).
 */
function SlotEntries({ kernel, name, except }: { kernel: Kernel; name: SlotName; except?: string }) {
  // Plugins whose code arrives after the shell rendered fill their slots when they start.
  const all =
    useSyncExternalStore(kernel.plugins.subscribe, () => kernel.plugins.slots.get(name)) ?? NO_ENTRIES
  const entries = except ? all.filter((entry) => entry.pluginId !== except) : all
  const reserved = useSyncExternalStore(kernel.plugins.subscribe, () => kernel.plugins.reserved(name))
  // (A part drawn once holds its own place: the others' contributions need no reserve beside it.)
  if (entries.length === 0 && reserved && !except) return <span data-slot-reserve={name} aria-hidden="true" />
  return (
    <>
      {entries.map(({ pluginId, options, contribution }) => {
        const Content = componentOf(contribution)
        const Placeholder =
          contribution.kind === 'lazy' ? (contribution.placeholder as ComponentType | undefined) : undefined
        return (
          <PluginBoundary
            key={pluginId}
            pluginId={pluginId}
            options={options}
            slot={name}
            onFault={kernel.reportFault}
            {...(Placeholder ? { loading: <Placeholder /> } : {})}
          >
            <Content />
          </PluginBoundary>
        )
      })}
    </>
  )
}
