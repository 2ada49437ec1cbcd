import type { PluginArrival } from '../../kernel/registry/latePlugins'
import type { PluginEntry } from '../../kernel/registry/validatePlugins'
import { delay } from '../mount/delay'
import type { Diagnostics } from './diagnostics'

/**
 * Which plugins start with the shell: those whose code has arrived within `graceMs` (in the brand's
 * order, not arrival order: it orders their slot contributions); the rest are `late` and start when
 * their code arrives (the kernel's `plugins.expect`). A plugin whose code failed to load is reported
 * and left out.
 */
export async function splitByArrival(
  loads: readonly PluginArrival[],
  graceMs: number,
  diagnostics: Diagnostics,
): Promise<{ ready: PluginEntry[]; late: PluginArrival[] }> {
  const arrived = new Map<string, Awaited<PluginArrival['settled']>>()
  for (const load of loads) void load.settled.then((result) => arrived.set(load.id, result))
  await Promise.race([Promise.all(loads.map((l) => l.settled)), delay(graceMs)])
  const ready = loads.flatMap((load) => {
    const result = arrived.get(load.id)
    if (result && 'fault' in result) diagnostics.fault(result.fault)
    return result && 'entry' in result ? [result.entry] : []
  })
  return { ready, late: loads.filter((l) => !arrived.has(l.id)) }
}
