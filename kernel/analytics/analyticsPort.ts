import type { EventMeta } from '../bus/events'
import type { TagPayload } from '../plugin/definePlugin'
import { createServiceRef } from '../services/serviceRef'

/**
 * Where analytics payloads go. Plugins never call the tag manager: they declare `analytics`
 * handlers that turn kernel events into payloads, and the kernel hands those to this port. The
 * tag-manager adapter fills it in production; tests record what arrives.
 */
export interface AnalyticsPort {
  push(payload: TagPayload, meta: EventMeta & { pluginId: string }): void
}

export const analyticsRef = createServiceRef<AnalyticsPort>('kernel.analytics')

/** Keeps payloads until a real port is attached, so nothing emitted during start-up is lost. */
export function createQueuedAnalytics(limit = 200): AnalyticsPort & { attach(port: AnalyticsPort): void } {
  let target: AnalyticsPort | undefined
  const queue: Parameters<AnalyticsPort['push']>[] = []
  return {
    push(payload, meta) {
      if (target) target.push(payload, meta)
      else if (queue.length < limit) queue.push([payload, meta])
    },
    attach(port) {
      target = port
      for (const args of queue.splice(0)) port.push(...args)
    },
  }
}
