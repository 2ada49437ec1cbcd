import type { KernelFault } from '../bus/events'
import { depRef, type ServiceDeps } from '../services/serviceRef'
import type { ValidPlugin } from './validatePlugins'

/**
 * Orders plugins so each starts after the plugins it requires or names in `after`, and after the providers of the
 * services it depends on (Kahn's algorithm, stable in the given order). Plugins caught in a cycle
 * are reported and left out.
 */
export function orderPlugins(plugins: readonly ValidPlugin[]): {
  ordered: ValidPlugin[]
  faults: KernelFault[]
} {
  const providerOf = new Map<string, string>()
  for (const p of plugins) for (const s of p.manifest.services ?? []) providerOf.set(s.ref.id, p.manifest.id)

  const needs = new Map<string, Set<string>>()
  for (const p of plugins) {
    // Only plugins of this batch order it; one that started earlier is already there.
    const set = new Set<string>(
      [...(p.manifest.requires ?? []), ...(p.manifest.after ?? [])].filter((r) =>
        plugins.some((q) => q.manifest.id === r),
      ),
    )
    for (const s of p.manifest.services ?? []) {
      for (const dep of Object.values(s.deps as ServiceDeps)) {
        // Optional dependencies order too: when their provider runs, it starts first.
        const provider = providerOf.get(depRef(dep).ref.id)
        if (provider && provider !== p.manifest.id) set.add(provider)
      }
    }
    needs.set(p.manifest.id, set)
  }

  const ordered: ValidPlugin[] = []
  const done = new Set<string>()
  let progress = true
  while (progress) {
    progress = false
    for (const p of plugins) {
      const id = p.manifest.id
      if (done.has(id)) continue
      if ([...(needs.get(id) ?? [])].every((n) => done.has(n))) {
        ordered.push(p)
        done.add(id)
        progress = true
      }
    }
  }
  const faults: KernelFault[] = plugins
    .filter((p) => !done.has(p.manifest.id))
    .map((p) => ({
      code: 'PLUGIN_DEPENDENCY_CYCLE' as const,
      pluginId: p.manifest.id,
      message: `Plugin '${p.manifest.id}' is part of a dependency cycle (${[...(needs.get(p.manifest.id) ?? [])].join(', ')}); break the cycle.`,
    }))
  return { ordered, faults }
}
