import { type ComponentType, lazy, useEffect, useMemo, useSyncExternalStore } from 'react'
import * as v from 'valibot'
import type { LinkComponentProps } from '../plugin/linkComponents'
import { useKernel } from './KernelProvider'
import { PluginBoundary } from './PluginBoundary'

interface Props {
  /** The registered id, `<plugin>.<name>`. */
  id: string
  /** The entry's options, decoded here by the component's schema. */
  options: unknown
  onChosen?: () => void
  linkClassName?: string
}

/**
 * A custom link component in a link menu (header spec §3 `isCustomComponent`): looked up among the
 * running plugins' manifest `linkComponents` (as <Slot> looks up slots), its options decoded, its
 * code loaded on first render, rendered inside its own plugin's boundary (a crash hides the entry
 * and is that plugin's fault, not the menu's). An id its running plugin does not declare, or options
 * that do not fit, render nothing and are reported once (LINK_COMPONENT_INVALID, with the page's
 * correlation id); an id whose plugin has not started (yet) renders nothing until it starts.
 */
export function LinkComponent({ id, options, onChosen, linkClassName }: Props) {
  const kernel = useKernel()
  // A plugin whose code arrives late registers its components when it starts.
  const registered = useSyncExternalStore(kernel.plugins.subscribe, () =>
    kernel.plugins.linkComponents.get(id),
  )
  const decoded = useMemo(
    () =>
      registered?.contribution.options
        ? v.safeParse(registered.contribution.options, options)
        : { success: true as const, output: options, issues: undefined },
    [registered, options],
  )
  const Component = useMemo(
    () =>
      registered
        ? lazy(registered.contribution.load as () => Promise<{ default: ComponentType<LinkComponentProps> }>)
        : null,
    [registered],
  )
  const owner = id.split('.')[0] ?? ''
  const ownerRunning = kernel.plugins.started.includes(owner) && !kernel.plugins.isHidden(owner)
  const problem = !registered
    ? ownerRunning
      ? `'${owner}' is running but never registered link component '${id}' (its manifest's linkComponents has no '${id.slice(owner.length + 1)}')`
      : undefined
    : decoded.success
      ? undefined
      : `link component '${id}' got options it cannot use: ${v.summarize(decoded.issues).replace(/\n/g, '; ')}`
  useEffect(() => {
    if (problem) kernel.reportFault({ code: 'LINK_COMPONENT_INVALID', pluginId: owner, message: problem })
  }, [kernel, owner, problem])
  if (!registered || !Component || !decoded.success) return null
  return (
    <PluginBoundary
      pluginId={registered.pluginId}
      options={registered.options}
      slot={`link:${id}`}
      onFault={kernel.reportFault}
    >
      <Component options={decoded.output} onChosen={onChosen} linkClassName={linkClassName} />
    </PluginBoundary>
  )
}
