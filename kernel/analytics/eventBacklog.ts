import type { EventBus } from '../bus/createEventBus'
import type { Envelope } from '../bus/events'
import type { Consent } from '../consent/consentStore'

/**
 * Domain events raised before any plugin maps them to analytics. The analytics plugin's code comes
 * after the first paint, while some events happen earlier: the `auth:signedIn` of a sign-in whose
 * redirect has just returned, a cart add on a fast page. The kernel keeps them here and hands them to
 * the first mapping of their type, so the catalogue (nav spec §7) loses nothing to load order.
 *
 * Each type is kept only until a mapping takes it: a plugin switched off and on again, or a second
 * mapping of the same type, is never handed an event twice, and the events of a brand that runs no
 * analytics stop at `BACKLOG_LIMIT`. An event raised while analytical consent was denied at any moment
 * since is dropped, never sent later (nav spec §4).
 */
export interface AnalyticsBacklog {
  /** The kept events of `types`, oldest first; from now on those types are no longer kept. */
  take(types: readonly string[]): Envelope[]
}

/** Most events kept; the oldest go first. A page raises a handful before its analytics starts. */
export const BACKLOG_LIMIT = 100

/** Events that are never analytics: the kernel's own faults and records, and telemetry's hand-over. */
const NEVER_MAPPED = new Set(['kernel:fault', 'log:record', 'telemetry:installed', 'http:failure'])

export function createAnalyticsBacklog(
  bus: Pick<EventBus, 'onAny'>,
  consent?: Pick<Consent, 'allowedThroughout'>,
): AnalyticsBacklog {
  const kept: Envelope[] = []
  const taken = new Set<string>()
  bus.onAny((envelope) => {
    if (taken.has(envelope.type) || NEVER_MAPPED.has(envelope.type)) return
    kept.push(envelope)
    if (kept.length > BACKLOG_LIMIT) kept.shift()
  }, 'kernel')
  return {
    take(types) {
      const wanted = new Set(types.filter((type) => !taken.has(type)))
      for (const type of types) taken.add(type)
      const out: Envelope[] = []
      for (let i = 0; i < kept.length; ) {
        const envelope = kept[i] as Envelope
        if (!wanted.has(envelope.type)) {
          i++
          continue
        }
        kept.splice(i, 1)
        if (!consent || consent.allowedThroughout('analytical', envelope.ts)) out.push(envelope)
      }
      return out
    },
  }
}
