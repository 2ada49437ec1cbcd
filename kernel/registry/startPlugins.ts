import { loggerRef } from '../../contracts/serviceRefs'
import type { AnalyticsRelay } from '../analytics/analyticsPort'
import type { AnalyticsBacklog } from '../analytics/eventBacklog'
import type { EventBus } from '../bus/createEventBus'
import { errorMessage } from '../bus/createEventBus'
import type { Envelope, KernelEvents, KernelFault } from '../bus/events'
import type { KernelHttpClient } from '../http/createHttpClient'
import type { AnyPlugin, PluginContext } from '../plugin/definePlugin'
import { type LinkComponentContribution, linkComponentId } from '../plugin/linkComponents'
import type { SlotContribution, SlotName } from '../plugin/slots'
import { createLateLogger, type LateLogger } from '../services/lateLogger'
import { depRef, type ServiceContainer, type ServiceDeps, type ServiceRef } from '../services/serviceRef'
import { withSyncSpan } from '../telemetry/spans'
import { createAnalyticsHandlers } from './analyticsHandlers'
import { orderPlugins } from './orderPlugins'
import { type PluginEntry, type ValidPlugin, validatePlugins } from './validatePlugins'

export interface StartOptions {
  brand: string
  bus: EventBus
  /** Pre-filled with the kernel's own services (http, config, analytics…); plugins add theirs. */
  services: ServiceContainer
  /** Where manifests' `http` contributions are installed (and removed again). */
  http: Pick<KernelHttpClient, 'installTokenPort' | 'addHeaderProvider'>
  /**
   * The kernel's analytics relay: plugins' analytics handlers push to it; a manifest's
   * `analyticsSink` is installed on it.
   */
  analytics: AnalyticsRelay
  /**
   * Events raised before a sink and a plugin's analytics handlers were live, handed to the first
   * handler of their type; and the page's recent ones, handed to each plugin's event handlers.
   */
  backlog?: AnalyticsBacklog
  /**
   * The logger handed to plugins made while the logging plugin's code is on its way (by default
   * one that prints to the console once no logger can come).
   */
  lateLogger?: LateLogger
  onFault: (fault: KernelFault) => void
}

export interface SlotEntry {
  pluginId: string
  /** The plugin's decoded options, handed to its slot components (usePluginOptions). */
  options: unknown
  contribution: SlotContribution
}

/** A running plugin's custom link component, registered under `<plugin id>.<name>`. */
export interface LinkComponentEntry {
  pluginId: string
  /** The plugin's decoded options, handed to the component (usePluginOptions). */
  options: unknown
  contribution: LinkComponentContribution
}

export interface RunningPlugins {
  /** Ids of the running plugins, in start order (grows as late plugins arrive). */
  started: readonly string[]
  faults: readonly KernelFault[]
  slots: ReadonlyMap<SlotName, readonly SlotEntry[]>
  /**
   * The running (and not hidden) plugins' custom link components by id, `<plugin id>.<name>`, from
   * their manifests' `linkComponents`; `subscribe` tells when they change.
   */
  linkComponents: ReadonlyMap<string, LinkComponentEntry>
  /**
   * Starts plugins whose code arrived after the header started (progressive start). `pending` names
   * plugins still loading: one that requires a pending plugin waits for it.
   */
  add(entries: readonly PluginEntry[], options?: { pending?: readonly string[] }): void
  /** Plugins that will never arrive (their code failed to load): whoever waits for them is dropped. */
  abandon(ids: readonly string[]): void
  /**
   * Whether `name` is kept free at its size: a plugin still loading will fill it (the host names the
   * slots each plugin fills, `reservations`), so the shell does not move when it arrives. False once
   * that plugin has started or been given up.
   */
  reserved(name: SlotName): boolean
  /**
   * Takes these plugins out of every slot (the live site configuration switched them off after the
   * header started): the shopper stops seeing them at once. What they started keeps running until
   * the page is left (there is no per-plugin stop: others may use their services); a late `add` of
   * one is ignored.
   */
  hide(ids: readonly string[]): void
  /** Whether `hide` took this plugin out. */
  isHidden(id: string): boolean
  /**
   * Told whenever slots or link components change (a late plugin started, or everything stopped);
   * returns unsubscribe.
   */
  subscribe(listener: () => void): () => void
  /** Stops every plugin, last started first: the kernel is left as it was before any of them. */
  stop(): void
}

/**
 * Two-phase start (Backstage's instantiateAppNodeTree): validate every plugin, then create services
 * and run start hooks in dependency order. A plugin that throws is disabled with a coded fault, and
 * so is everything that needs it; the rest of the header keeps running. Everything a plugin put into
 * the kernel (services, HTTP contributions, handlers) is taken out again when it fails or stops.
 */
export function startPlugins(
  entries: readonly PluginEntry[],
  opts: StartOptions & {
    pending?: readonly string[]
    /** The slots each plugin fills, by plugin id: those of pending plugins are reserved. */
    reservations?: Readonly<Record<string, readonly SlotName[]>>
  },
): RunningPlugins {
  const faults: KernelFault[] = []
  const report = (fault: KernelFault) => {
    faults.push(fault)
    try {
      opts.onFault(fault)
    } catch {
      // A broken reporter must not stop the start.
    }
  }

  const started: string[] = []
  const failed = new Set<string>()
  const teardowns: (() => void)[] = []
  const slots = new Map<SlotName, SlotEntry[]>()
  const linkComponents = new Map<string, LinkComponentEntry>()
  const provided = new Map<string, string>()
  const listeners = new Set<() => void>()
  const hidden = new Set<string>()
  let waiting: PluginEntry[] = []
  let pending = new Set<string>()
  let tokenPortOwner: string | undefined
  const lateLogger = opts.lateLogger ?? createLateLogger()
  const analyticsHandlers = createAnalyticsHandlers({
    bus: opts.bus,
    analytics: opts.analytics,
    backlog: opts.backlog,
    report,
  })
  // Plugins of the batch being started that provide the logger and have not started (or failed) yet.
  let loggerProviders: string[] = []
  // The logger can still come while a plugin is loading or waiting, or one of this batch provides it.
  const loggerMayCome = () =>
    pending.size > 0 ||
    waiting.length > 0 ||
    loggerProviders.some((id) => !started.includes(id) && !failed.has(id))
  /**
   * An optional service: the one in the container; or, for the logger while the logging plugin can
   * still come, the kernel's late logger, which hands what it was given over when that plugin starts.
   */
  const optionalService = (ref: ServiceRef<unknown>): unknown => {
    if (opts.services.has(ref)) return opts.services.get(ref)
    return ref.id === loggerRef.id && lateLogger.waiting && loggerMayCome() ? lateLogger.logger : undefined
  }
  const followLogger = () => {
    if (opts.services.has(loggerRef)) return
    if (loggerMayCome()) lateLogger.reopen()
    else lateLogger.close()
  }

  const notify = () => {
    for (const listener of [...listeners]) safely(listener)
  }

  /** Validates, orders and starts one batch (with whatever was waiting for a plugin still loading). */
  function startBatch(batch: readonly PluginEntry[]) {
    const entries = [...waiting, ...batch]
    const checked = validatePlugins(entries, {
      brand: opts.brand,
      running: new Set(started),
      provided: withPreset(provided, entries, opts.services),
      pending,
    })
    waiting = checked.deferred
    checked.faults.forEach(report)
    const { ordered, faults: cycles } = orderPlugins(checked.valid)
    cycles.forEach(report)
    loggerProviders = ordered.filter((p) => provides(p.manifest, loggerRef)).map((p) => p.manifest.id)
    for (const plugin of ordered) startOne(plugin)
    loggerProviders = []
    followLogger()
  }

  function startOne({ manifest, options }: ValidPlugin) {
    const id = manifest.id
    // What its handlers missed: everything raised until now (not what its own start raises).
    const mark = opts.backlog?.mark()
    const refusal = refusalOf(manifest, failed, tokenPortOwner)
    if (refusal) {
      failed.add(id)
      report(refusal)
      return
    }
    const ctx: PluginContext = {
      pluginId: id,
      options,
      get: (ref) => opts.services.get(ref),
      optional: (ref) => optionalService(ref) as never,
      emit: (type, payload) => opts.bus.emit(type, payload, id),
    }
    // Undo steps of this plugin, in the order they were done; run backwards on failure or stop.
    const undo: (() => void)[] = []
    const teardown = () => {
      for (const step of undo.splice(0).reverse()) safely(step)
    }
    try {
      setUpPlugin(manifest, options, ctx, opts, optionalService, undo)
    } catch (error) {
      failed.add(id)
      teardown()
      report({
        code: 'PLUGIN_SETUP_FAILED',
        pluginId: id,
        message: `Plugin '${id}' failed to start and was switched off: ${errorMessage(error)}`,
        error,
      })
      return
    }
    for (const s of manifest.services ?? []) provided.set(s.ref.id, id)
    undo.push(() => {
      for (const s of manifest.services ?? []) provided.delete(s.ref.id)
    })
    if (manifest.http?.tokenPort) {
      tokenPortOwner = id
      undo.push(() => {
        tokenPortOwner = undefined
      })
    }
    subscribeHandlers(manifest, ctx, opts, report, undo, mark)
    undo.push(analyticsHandlers.contribute(id, manifest.analytics ?? [], ctx))
    if (manifest.analyticsSink) undo.push(analyticsHandlers.sinkInstalled(id))
    addSlots(manifest, options, slots)
    registerLinkComponents(manifest, options, linkComponents, undo)
    // Whoever logged before the logger came gets it now: what was kept goes to it, once, in order.
    if (provides(manifest, loggerRef)) undo.push(lateLogger.arrive(opts.services.get(loggerRef)))
    teardowns.push(teardown)
    started.push(id)
  }

  pending = new Set(opts.pending ?? [])
  startBatch(entries)

  return {
    started,
    faults,
    slots,
    linkComponents,
    add(batch, more = {}) {
      pending = new Set((more.pending ?? []).filter((id) => !hidden.has(id)))
      startBatch(batch.filter((entry) => !hidden.has(entry.manifest.id)))
      notify()
    },
    hide(ids) {
      const added = ids.filter((id) => !hidden.has(id))
      if (added.length === 0) return
      for (const id of added) {
        hidden.add(id)
        pending.delete(id)
      }
      dropHidden(hidden, slots, linkComponents)
      startBatch([])
      notify()
    },
    isHidden: (id) => hidden.has(id),
    abandon(ids) {
      for (const id of ids) pending.delete(id)
      startBatch([])
      notify()
    },
    // Held for a plugin still loading, or arrived and waiting for one that is (`requires`, `after`).
    reserved: (name) =>
      !slots.get(name)?.length &&
      [...pending, ...waiting.map((entry) => entry.manifest.id)].some((id) =>
        opts.reservations?.[id]?.includes(name),
      ),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop: () => {
      for (const teardown of teardowns.splice(0).reverse()) teardown()
      started.length = 0
      slots.clear()
      notify()
    },
  }
}

/**
 * Creates the plugin's services in order; each one leaves the container when the plugin goes, and
 * its declared clean-up runs then (undo steps run backwards: last created, first disposed).
 */
/**
 * Why a plugin is not started at all: a plugin it `requires` failed, or another plugin already
 * installed the one HTTP token port.
 */
function refusalOf(
  manifest: AnyPlugin,
  failed: ReadonlySet<string>,
  tokenPortOwner: string | undefined,
): KernelFault | undefined {
  const id = manifest.id
  const blocker = (manifest.requires ?? []).find((r) => failed.has(r))
  if (blocker)
    return {
      code: 'PLUGIN_DISABLED_BY_DEPENDENCY',
      pluginId: id,
      message: `Plugin '${id}' was not started because '${blocker}', which it needs, failed to start.`,
    }
  if (manifest.http?.tokenPort && tokenPortOwner)
    return {
      code: 'PLUGIN_INVALID',
      pluginId: id,
      message: `Plugin '${id}' declares an HTTP token port, but '${tokenPortOwner}' already installed one; keep one.`,
    }
  return undefined
}

/**
 * The plugin's own start, inside its span: its services, its HTTP contribution, its analytics sink,
 * then its start hook; each step's undo is pushed on `undo`. Throws if any step does.
 */
function setUpPlugin(
  manifest: AnyPlugin,
  options: unknown,
  ctx: PluginContext,
  opts: StartOptions,
  optionalService: (ref: ServiceRef<unknown>) => unknown,
  undo: (() => void)[],
) {
  const id = manifest.id
  withSyncSpan(`plugin.start ${id}`, { 'plugin.id': id }, () => {
    createServices(manifest, options, opts.services, optionalService, undo)
    installHttp(manifest, ctx, opts.http, undo)
    if (manifest.analyticsSink) undo.push(opts.analytics.install(manifest.analyticsSink(ctx)))
    const cleanup = manifest.start?.(ctx)
    if (typeof cleanup === 'function') undo.push(cleanup)
  })
}

/** The plugin's slot contributions, each added to its slot's list. */
function addSlots(manifest: AnyPlugin, options: unknown, slots: Map<SlotName, SlotEntry[]>) {
  for (const [name, contribution] of Object.entries(manifest.slots ?? {})) {
    // A new array each time, so a rendered <Slot> sees the change (useSyncExternalStore).
    const entry: SlotEntry = {
      pluginId: manifest.id,
      options,
      contribution: contribution as SlotContribution,
    }
    slots.set(name as SlotName, [...(slots.get(name as SlotName) ?? []), entry])
  }
}

/** Takes the hidden plugins' slot contributions and link components out. */
function dropHidden(
  hidden: ReadonlySet<string>,
  slots: Map<SlotName, SlotEntry[]>,
  linkComponents: Map<string, LinkComponentEntry>,
) {
  // New arrays, so each rendered <Slot> sees the change (useSyncExternalStore).
  for (const [name, list] of slots)
    slots.set(
      name,
      list.filter((entry) => !hidden.has(entry.pluginId)),
    )
  for (const [linkId, entry] of linkComponents) if (hidden.has(entry.pluginId)) linkComponents.delete(linkId)
}

function createServices(
  manifest: AnyPlugin,
  options: unknown,
  services: ServiceContainer,
  /** What an optional dependency gets (the container's service, the late logger, or undefined). */
  optionalService: (ref: ServiceRef<unknown>) => unknown,
  undo: (() => void)[],
) {
  for (const factory of manifest.services ?? []) {
    const deps: Record<string, unknown> = {}
    for (const [name, dep] of Object.entries(factory.deps as ServiceDeps)) {
      const { ref, optional } = depRef(dep)
      deps[name] = optional ? optionalService(ref) : services.get(ref)
    }
    const value = factory.create(deps as never, { pluginId: manifest.id, options })
    services.set(factory.ref, value)
    undo.push(() => {
      // Out of the container first, so nothing reaches a service while it is being taken apart.
      services.delete(factory.ref)
      factory.dispose?.(value)
    })
  }
}

/**
 * Registers the manifest's link components under `<plugin id>.<name>` (validation checked the names;
 * plugin ids are unique, so the ids are too), each removed again when the plugin stops.
 */
function registerLinkComponents(
  manifest: AnyPlugin,
  options: unknown,
  registry: Map<string, LinkComponentEntry>,
  undo: (() => void)[],
) {
  for (const [name, contribution] of Object.entries(manifest.linkComponents ?? {})) {
    const id = linkComponentId(manifest.id, name)
    const entry: LinkComponentEntry = { pluginId: manifest.id, options, contribution }
    registry.set(id, entry)
    // Only this registration: a stale removal never takes out a later one of the same id.
    undo.push(() => {
      if (registry.get(id) === entry) registry.delete(id)
    })
  }
}

/**
 * What plugins provide, plus the services the kernel or the host put in the container before any
 * plugin started (`kernel.http`, `host.headerData`…) that these entries would provide again: a
 * plugin may not silently replace one.
 */
function withPreset(
  provided: ReadonlyMap<string, string>,
  entries: readonly PluginEntry[],
  services: ServiceContainer,
): ReadonlyMap<string, string> {
  // Page plugins can be anything (window.oneHeaderPlugins): validation reports junk; here it is skipped.
  const declared = entries.flatMap((entry) =>
    Array.isArray(entry.manifest?.services) ? (entry.manifest.services as unknown[]) : [],
  ) as { ref?: { id?: unknown } }[]
  const preset = declared
    .filter((s): s is ServiceFactoryLike => typeof s?.ref?.id === 'string')
    .filter((s) => !provided.has(s.ref.id) && services.has(s.ref))
    .map((s): [string, string] => [s.ref.id, 'the kernel or the host'])
  return preset.length === 0 ? provided : new Map([...provided, ...preset])
}

type ServiceFactoryLike = { ref: ServiceRef<unknown> }

/** Whether the manifest provides the service of `ref`. */
function provides(manifest: AnyPlugin, ref: ServiceRef<unknown>): boolean {
  return (manifest.services ?? []).some((s) => s.ref.id === ref.id)
}

/** Installs the manifest's `http` contributions on the kernel's client, with their removal. */
function installHttp(
  manifest: AnyPlugin,
  ctx: PluginContext,
  http: StartOptions['http'],
  undo: (() => void)[],
) {
  const contribution = manifest.http
  if (contribution?.tokenPort) undo.push(http.installTokenPort(contribution.tokenPort(ctx)))
  const restHeaders = contribution?.restHeaders
  if (restHeaders) undo.push(http.addHeaderProvider(() => restHeaders(ctx)))
}

/** Subscribes the manifest's event handlers under the plugin's id. */
function subscribeHandlers(
  manifest: AnyPlugin,
  ctx: PluginContext,
  opts: StartOptions,
  report: (fault: KernelFault) => void,
  undo: (() => void)[],
  /** Where the page's events stood when the plugin began to start (`backlog.mark()`). */
  mark: number | undefined,
) {
  const { bus } = opts
  const id = manifest.id
  const handlers = new Map<string, (e: Envelope) => void>()
  for (const [type, handler] of Object.entries(manifest.events ?? {})) {
    const h = handler as (e: Envelope, c: PluginContext) => void
    undo.push(bus.on(type as keyof KernelEvents, (e) => h(e as Envelope, ctx), id))
    handlers.set(type, (e) => h(e, ctx))
  }
  // What was raised before this plugin started (a sign-in, an opt-in, a fault), in order, once: its
  // handlers were not there to hear it. Guarded as the bus guards them: one that throws is reported.
  if (opts.backlog && mark !== undefined && handlers.size > 0)
    for (const e of opts.backlog.before(mark, [...handlers.keys()])) {
      try {
        handlers.get(e.type)?.(e)
      } catch (error) {
        // As the bus does: a fault handler that throws is not reported again (it would loop).
        if (e.type === 'kernel:fault') continue
        report({
          code: 'EVENT_HANDLER_FAILED',
          pluginId: id,
          message: `Plugin '${id}' threw while handling event '${e.type}' raised before it started: ${errorMessage(error)}`,
          error,
        })
      }
    }
}

function safely(fn: () => void) {
  try {
    fn()
  } catch {
    // Clean-up failures are not worth failing the stop for.
  }
}
