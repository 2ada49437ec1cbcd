import type { AnalyticsPort } from '../analytics/analyticsPort'
import type { EventBus } from '../bus/createEventBus'
import { errorMessage } from '../bus/createEventBus'
import type { Envelope, KernelEvents, KernelFault } from '../bus/events'
import type { PluginContext, TagPayload } from '../plugin/definePlugin'
import type { SlotContribution, SlotName } from '../plugin/slots'
import type { ServiceDeps, ServiceLookup, ServiceRef } from '../services/serviceRef'
import { withSyncSpan } from '../telemetry/spans'
import { orderPlugins } from './orderPlugins'
import { type PluginEntry, validatePlugins } from './validatePlugins'

export interface StartOptions {
  brand: string
  bus: EventBus
  /** Pre-filled with the kernel's own services (http, config, analytics…); plugins add theirs. */
  services: ServiceLookup & { set<T>(ref: ServiceRef<T>, value: T): void }
  analytics: AnalyticsPort
  onFault: (fault: KernelFault) => void
}

export interface SlotEntry {
  pluginId: string
  /** The plugin's decoded options, handed to its slot components (usePluginOptions). */
  options: unknown
  contribution: SlotContribution
}

export interface RunningPlugins {
  started: readonly string[]
  faults: readonly KernelFault[]
  slots: ReadonlyMap<SlotName, readonly SlotEntry[]>
  stop(): void
}

/**
 * Two-phase start (Backstage's instantiateAppNodeTree): validate every plugin, then create services
 * and run start hooks in dependency order. A plugin that throws is disabled with a coded fault, and
 * so is everything that needs it; the rest of the header keeps running.
 */
export function startPlugins(entries: readonly PluginEntry[], opts: StartOptions): RunningPlugins {
  const { bus, services, analytics, brand } = opts
  const faults: KernelFault[] = []
  const report = (fault: KernelFault) => {
    faults.push(fault)
    try {
      opts.onFault(fault)
    } catch {
      // A broken reporter must not stop the start.
    }
  }

  const checked = validatePlugins(entries, { brand })
  checked.faults.forEach(report)
  const { ordered, faults: cycles } = orderPlugins(checked.valid)
  cycles.forEach(report)

  const started: string[] = []
  const failed = new Set<string>()
  const cleanups: (() => void)[] = []
  const slots = new Map<SlotName, SlotEntry[]>()

  for (const { manifest, options } of ordered) {
    const id = manifest.id
    const blocker = (manifest.requires ?? []).find((r) => failed.has(r))
    if (blocker) {
      failed.add(id)
      report({
        code: 'PLUGIN_DISABLED_BY_DEPENDENCY',
        pluginId: id,
        message: `Plugin '${id}' was not started because '${blocker}', which it needs, failed to start.`,
      })
      continue
    }
    const ctx: PluginContext = {
      pluginId: id,
      options,
      get: (ref) => services.get(ref),
      optional: (ref) => (services.has(ref) ? services.get(ref) : undefined),
      emit: (type, payload) => bus.emit(type, payload, id),
    }
    const local: (() => void)[] = []
    try {
      withSyncSpan(`plugin.start ${id}`, { 'plugin.id': id }, () => {
        for (const factory of manifest.services ?? []) {
          const deps: Record<string, unknown> = {}
          for (const [name, ref] of Object.entries(factory.deps as ServiceDeps))
            deps[name] = services.get(ref)
          services.set(factory.ref, factory.create(deps as never))
        }
        const cleanup = manifest.start?.(ctx)
        if (typeof cleanup === 'function') local.push(cleanup)
      })
    } catch (error) {
      failed.add(id)
      for (const c of local) safely(c)
      report({
        code: 'PLUGIN_SETUP_FAILED',
        pluginId: id,
        message: `Plugin '${id}' failed to start and was switched off: ${errorMessage(error)}`,
        error,
      })
      continue
    }

    for (const [type, handler] of Object.entries(manifest.events ?? {})) {
      const h = handler as (e: Envelope, c: PluginContext) => void
      local.push(bus.on(type as keyof KernelEvents, (e) => h(e as Envelope, ctx), id))
    }
    for (const [type, toPayload] of Object.entries(manifest.analytics ?? {})) {
      const map = toPayload as (e: Envelope, c: PluginContext) => TagPayload | TagPayload[] | null
      local.push(
        bus.on(
          type as keyof KernelEvents,
          (e) => {
            let out: TagPayload | TagPayload[] | null
            try {
              out = map(e as Envelope, ctx)
            } catch (error) {
              report({
                code: 'ANALYTICS_HANDLER_FAILED',
                pluginId: id,
                message: `Plugin '${id}' could not map event '${type}' to analytics: ${errorMessage(error)}`,
                error,
              })
              return
            }
            for (const payload of out ? [out].flat() : []) {
              analytics.push(payload, {
                pluginId: id,
                correlationId: e.correlationId,
                source: e.source,
                ts: e.ts,
              })
            }
          },
          id,
        ),
      )
    }
    for (const [name, contribution] of Object.entries(manifest.slots ?? {})) {
      const list = slots.get(name as SlotName) ?? []
      list.push({ pluginId: id, options, contribution: contribution as SlotContribution })
      slots.set(name as SlotName, list)
    }
    cleanups.push(...local)
    started.push(id)
  }

  return {
    started,
    faults,
    slots,
    stop: () => {
      for (const c of cleanups.splice(0).reverse()) safely(c)
    },
  }
}

function safely(fn: () => void) {
  try {
    fn()
  } catch {
    // Clean-up failures are not worth failing the stop for.
  }
}
