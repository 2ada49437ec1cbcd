import type { EventMeta } from '../bus/events'
import type { Consent } from '../consent/consentStore'
import { createServiceRef } from '../services/serviceRef'

/** A tag-manager payload (event name plus flat fields), produced by a plugin's analytics handler. */
export type TagPayload = { event: string } & Record<string, unknown>

/**
 * Where analytics payloads go. Plugins never call the tag manager: they raise domain events, and
 * manifests' `analytics` mappings turn them into payloads, which the kernel hands to this port.
 */
export interface AnalyticsPort {
  push(payload: TagPayload, meta: EventMeta & { pluginId: string }): void
}

/**
 * The kernel's analytics port: a relay to the one sink a plugin declares (`analyticsSink` in its
 * manifest, the analytics plugin's tag-manager adapter). What is pushed before the sink is installed
 * waits here, in order, and goes to it when it is; a payload raised while analytical consent was
 * denied is never kept for later (nav spec §4, "never sent later").
 */
export interface AnalyticsRelay extends AnalyticsPort {
  /** Installs the sink (one at most: a second throws); returns its removal. */
  install(sink: AnalyticsPort): () => void
  /** Payloads waiting for a sink. */
  waiting(): number
}

/** Most payloads kept while no sink is installed; the oldest are dropped first. */
export const RELAY_LIMIT = 200

export function createAnalyticsRelay(
  opts: {
    /** Told every payload as it is pushed (tests record with it). */
    observer?: AnalyticsPort | undefined
    consent?: Pick<Consent, 'allows' | 'allowedThroughout'>
    now?: () => number
  } = {},
): AnalyticsRelay {
  const now = opts.now ?? Date.now
  const held: { payload: TagPayload; meta: EventMeta & { pluginId: string }; at: number }[] = []
  let sink: AnalyticsPort | undefined
  return {
    push(payload, meta) {
      opts.observer?.push(payload, meta)
      if (sink) return sink.push(payload, meta)
      if (opts.consent && !opts.consent.allows('analytical')) return
      held.push({ payload, meta, at: now() })
      if (held.length > RELAY_LIMIT) held.shift()
    },
    install(next) {
      if (sink) throw new Error('an analytics sink is already installed; one plugin (analytics) declares it')
      sink = next
      for (const { payload, meta, at } of held.splice(0)) {
        if (!opts.consent || opts.consent.allowedThroughout('analytical', at)) next.push(payload, meta)
      }
      return () => {
        if (sink === next) sink = undefined
      }
    },
    waiting: () => held.length,
  }
}

export const analyticsRef = createServiceRef<AnalyticsPort>('kernel.analytics')
