import type { AnalyticsPort } from '../analytics/analyticsPort'
import type { AnalyticsBacklog } from '../analytics/eventBacklog'
import type { EventBus } from '../bus/createEventBus'
import { errorMessage } from '../bus/createEventBus'
import type { Envelope, KernelEvents, KernelFault } from '../bus/events'
import type { AnalyticsHandler, PluginContext, TagPayload } from '../plugin/definePlugin'

/** One running plugin's analytics handlers, with the context they are called with. */
interface Contribution {
  pluginId: string
  ctx: PluginContext
  handlers: readonly AnalyticsHandler[]
  /** Its bus subscriptions and backlog follow while it is live; undefined while it is not. */
  live?: (() => void)[]
}

/**
 * The running plugins' analytics handlers (each plugin's `analytics` list: the events it raises and
 * their tag-manager payloads), registered under the plugin that declared them.
 *
 * A handler is live only while a sink is installed (the analytics plugin's tag manager): until then
 * the events wait in the kernel's backlog, which the tab's next page inherits when this one is left
 * first, rather than as payloads nothing would carry over. When the sink arrives, every contribution
 * goes live at once and the backlog is handed over in the order it was raised; a plugin that starts
 * later goes live when it starts. Each payload names the plugin that declared its handler, and so does
 * the fault of a handler that throws. A plugin that stops (or fails, or is not run for the brand)
 * takes its handlers with it.
 */
export interface AnalyticsHandlers {
  /** Registers a plugin's handlers (live at once when a sink is there); returns their removal. */
  contribute(pluginId: string, handlers: readonly AnalyticsHandler[], ctx: PluginContext): () => void
  /**
   * `pluginId`'s sink is installed: every contribution goes live. Returns the end (none live until
   * the next). A sink that throws is reported under `pluginId`, not the handler's plugin.
   */
  sinkInstalled(pluginId: string): () => void
}

export function createAnalyticsHandlers(opts: {
  bus: EventBus
  analytics: AnalyticsPort
  backlog?: AnalyticsBacklog | undefined
  report: (fault: KernelFault) => void
}): AnalyticsHandlers {
  const { bus, analytics, backlog, report } = opts
  const contributions: Contribution[] = []
  /** The plugin whose sink is installed; handlers are live while there is one. */
  let sinkOwner: string | undefined

  const push = (c: Contribution, handler: AnalyticsHandler, e: Envelope) => {
    let out: TagPayload | TagPayload[] | null
    try {
      out = (handler.tags as (e: Envelope, ctx: PluginContext) => TagPayload | TagPayload[] | null)(e, c.ctx)
    } catch (error) {
      report({
        code: 'ANALYTICS_HANDLER_FAILED',
        pluginId: c.pluginId,
        message: `Plugin '${c.pluginId}' could not map event '${e.type}' to analytics: ${errorMessage(error)}`,
        error,
      })
      return
    }
    const meta = { pluginId: c.pluginId, correlationId: e.correlationId, source: e.source, ts: e.ts }
    for (const payload of out ? [out].flat() : []) {
      try {
        analytics.push(payload, meta)
      } catch (error) {
        // The sink failed, not the handler: the fault names the plugin that installed it, once per
        // event (what else the event became goes no further, as a throwing bus handler's would).
        report({
          code: 'EVENT_HANDLER_FAILED',
          pluginId: sinkOwner ?? c.pluginId,
          message: `Plugin '${sinkOwner ?? c.pluginId}' could not take the '${payload.event}' payload of event '${e.type}': ${errorMessage(error)}`,
          error,
        })
        return
      }
    }
  }
  /** An event from the backlog, to every live handler of its type, in start order. */
  const deliver = (e: Envelope) => {
    for (const c of contributions) {
      if (!c.live) continue
      for (const handler of c.handlers) if (handler.event === e.type) push(c, handler, e)
    }
  }
  const typesOf = (list: readonly Contribution[]) => [
    ...new Set(list.flatMap((c) => c.handlers.map((h) => h.event as string))),
  ]

  /** Subscribes these contributions, then hands them what was raised before, in the order raised. */
  function goLive(list: readonly Contribution[]) {
    const fresh = list.filter((c) => !c.live && c.handlers.length > 0)
    for (const c of fresh) {
      c.live = c.handlers.map((handler) =>
        bus.on(handler.event as keyof KernelEvents, (e) => push(c, handler, e as Envelope), c.pluginId),
      )
    }
    if (!backlog || fresh.length === 0) return
    for (const e of backlog.take(typesOf(fresh))) deliver(e)
    // And what a later page hands back to this one (restored from the back/forward cache).
    for (const c of fresh) c.live?.push(backlog.follow(typesOf([c]), deliver))
  }
  const goQuiet = (c: Contribution) => {
    for (const step of (c.live ?? []).reverse()) step()
    c.live = undefined
  }

  return {
    contribute(pluginId, handlers, ctx) {
      const c: Contribution = { pluginId, ctx, handlers }
      contributions.push(c)
      if (sinkOwner) goLive([c])
      return () => {
        goQuiet(c)
        contributions.splice(contributions.indexOf(c), 1)
      }
    },
    sinkInstalled(pluginId) {
      sinkOwner = pluginId
      goLive(contributions)
      return () => {
        sinkOwner = undefined
        for (const c of contributions) goQuiet(c)
      }
    },
  }
}
