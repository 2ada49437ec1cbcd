import type { KernelFault } from '../bus/events'
import type { RunningPlugins } from './startPlugins'
import type { PluginEntry } from './validatePlugins'

/** A plugin whose code is on its way: settles with its entry, or with the fault of a failed load. */
export interface PluginArrival {
  id: string
  settled: Promise<{ entry: PluginEntry } | { fault: KernelFault }>
}

/** The kernel's plugins, with the lifecycle of those whose code comes after the header started. */
export interface KernelPlugins extends RunningPlugins {
  /**
   * Plugins whose code is still on its way (progressive start): each slot they will fill is kept free
   * meanwhile; each starts when its code arrives, unless `hide` switched it off by then; one whose
   * code cannot load is given up, its fault reported and whoever needs it dropped.
   */
  expect(arrivals: readonly PluginArrival[]): void
  /** Settles when no expected plugin is still on its way (each started, hidden or given up). */
  settled(): Promise<void>
}

/**
 * Adds the late-plugin lifecycle to running plugins: the one place that decides what happens when a
 * plugin's code arrives after the header started, is given up, or is switched off meanwhile. The
 * host hands over the arrivals (at start, or when the live configuration switches a plugin on).
 */
export function withLatePlugins(
  running: RunningPlugins,
  report: (fault: KernelFault) => void,
): KernelPlugins {
  const pending = new Set<string>()
  const waiting: (() => void)[] = []
  const arrived = (id: string, result: Awaited<PluginArrival['settled']>) => {
    pending.delete(id)
    if ('entry' in result && !running.isHidden(id)) running.add([result.entry], { pending: [...pending] })
    else {
      if ('fault' in result) report(result.fault)
      running.abandon([id])
    }
    if (pending.size > 0) return
    for (const done of waiting.splice(0)) done()
  }
  const plugins = running as KernelPlugins
  plugins.expect = (arrivals) => {
    if (arrivals.length === 0) return
    for (const { id } of arrivals) if (!running.isHidden(id)) pending.add(id)
    // Their slots are kept free from now on, and plugins that need them wait for them.
    running.add([], { pending: [...pending] })
    for (const { id, settled } of arrivals) void settled.then((result) => arrived(id, result))
  }
  plugins.settled = () =>
    pending.size === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          waiting.push(resolve)
        })
  return plugins
}
