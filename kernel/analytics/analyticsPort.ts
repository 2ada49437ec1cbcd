import type { EventMeta } from '../bus/events'
import type { TagPayload } from '../plugin/definePlugin'
import { createServiceRef } from '../services/serviceRef'

/**
 * Where analytics payloads go. Plugins never call the tag manager: they declare `analytics`
 * handlers that turn kernel events into payloads, and the kernel hands those to this port. The
 * tag-manager adapter (host/analytics/tagManager.ts) fills it in production, queueing until the
 * tag manager has loaded; tests record what arrives.
 */
export interface AnalyticsPort {
  push(payload: TagPayload, meta: EventMeta & { pluginId: string }): void
}

export const analyticsRef = createServiceRef<AnalyticsPort>('kernel.analytics')
