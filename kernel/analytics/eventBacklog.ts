import type { EventBus } from '../bus/createEventBus'
import type { Envelope } from '../bus/events'
import type { Consent } from '../consent/consentStore'
import { carryOver, isRecord } from './carryOver'

/**
 * The kernel's backlog of early events, for plugins whose code comes after the events: their
 * analytics mappings and their event handlers.
 *
 * Domain events raised before any plugin maps them to analytics. The analytics plugin's code comes
 * after the first paint, while some events happen earlier: the `auth:signedIn` of a sign-in whose
 * redirect has just returned, a cart add on a fast page. The kernel keeps them here and hands them to
 * the first mapping of their type, so the catalogue (nav spec §7) loses nothing to load order.
 *
 * Each type is kept only until a mapping takes it: a plugin switched off and on again, or a second
 * mapping of the same type, is never handed an event twice, and the events of a brand that runs no
 * analytics stop at `BACKLOG_LIMIT`. An event raised while analytical consent was denied at any moment
 * since is dropped, never sent later (nav spec §4).
 *
 * A page left before its analytics started (the page back from the identity provider goes straight
 * on to where the shopper was) hands what it kept to the next page of the tab, under
 * `BACKLOG_STORAGE_KEY` (kernel/analytics/carryOver.ts): the envelopes as they were raised, with their
 * own `ts`, `source` and `correlationId`, kept there in front of that page's own.
 *
 * A plugin's event handlers (`events` in its manifest) hear what was raised before the plugin
 * started too: the kernel keeps the page's most recent events (`RECENT_LIMIT`, every type, consent
 * aside: a handler keeps the header in step, it reports nothing) and hands each starting plugin's
 * handlers those raised before it began to start, once, in order, before anything live. So a plugin
 * that draws no part (analytics, logging, content) can start after every part is live and still
 * hear the sign-in, the perks opt-in or the fault that happened first. Nothing of it is carried to
 * the next page: that page has its own start.
 */
export interface AnalyticsBacklog {
  /** The kept events of `types`, oldest first; from now on those types are no longer kept. */
  take(types: readonly string[]): Envelope[]
  /**
   * Hands events of `types` carried to this page later (it came back from the back/forward cache
   * after the next page kept them) straight to `deliver`, which maps them: their type is no longer
   * kept here. Returns the end of it (the mapping stopped).
   */
  follow(types: readonly string[], deliver: (envelope: Envelope) => void): () => void
  /** Where the page's recent events stand now: taken as a plugin begins to start. */
  mark(): number
  /** The page's recent events of `types` raised before `mark`, oldest first (for event handlers). */
  before(mark: number, types: readonly string[]): Envelope[]
}

/** Most events kept; the oldest go first. A page raises a handful before its analytics starts. */
export const BACKLOG_LIMIT = 100

/** Most recent events kept for plugins' event handlers, of every type; the oldest go first. */
export const RECENT_LIMIT = 200

/** Session storage: the envelopes a page left unmapped, a JSON array of `Envelope`, oldest first. */
export const BACKLOG_STORAGE_KEY = 'oneHeader.analyticsBacklog'

/** Events that are never analytics: the kernel's own faults and records, and telemetry's hand-over. */
const NEVER_MAPPED = new Set(['kernel:fault', 'log:record', 'telemetry:installed', 'http:failure'])

export function createAnalyticsBacklog(
  bus: Pick<EventBus, 'onAny'>,
  consent?: Pick<Consent, 'allowedThroughout'>,
  carry?: { page: Window; now?: () => number },
): AnalyticsBacklog {
  const kept: Envelope[] = []
  const taken = new Set<string>()
  const followers = new Map<string, (envelope: Envelope) => void>()
  // The page's recent events, each with its place in the page's order (`mark`).
  const recent: { at: number; envelope: Envelope }[] = []
  let raised = 0
  const allowed = (envelope: Envelope) => !consent || consent.allowedThroughout('analytical', envelope.ts)
  if (carry)
    carryOver(carry.page, {
      key: BACKLOG_STORAGE_KEY,
      ...(carry.now ? { now: carry.now } : {}),
      // What a denial has stopped is never sent, here or on the next page.
      unsent: () => kept.filter(allowed),
      handedOver: (envelopes) => {
        const gone = new Set(envelopes)
        kept.splice(0, kept.length, ...kept.filter((envelope) => !gone.has(envelope)))
      },
      // In front: raised on the page before. A type this page maps already (a page back from the
      // cache) goes straight to its mapping; one taken by a mapping that has stopped is kept, for the
      // next page's.
      takeOver: (envelopes) => {
        const rest: Envelope[] = []
        for (const envelope of envelopes) {
          const deliver = followers.get(envelope.type)
          if (!deliver) rest.push(envelope)
          else if (allowed(envelope)) deliver(envelope)
        }
        kept.unshift(...rest)
        if (kept.length > BACKLOG_LIMIT) kept.splice(0, kept.length - BACKLOG_LIMIT)
      },
      decode: envelopeOf,
      timeOf: (envelope) => envelope.ts,
    })
  bus.onAny((envelope) => {
    recent.push({ at: raised++, envelope })
    if (recent.length > RECENT_LIMIT) recent.shift()
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
        // A carried envelope predates this page's consent history, whose first state stands for all
        // time before it: one denial on this page (or a denied start) drops it too.
        if (allowed(envelope)) out.push(envelope)
      }
      return out
    },
    mark: () => raised,
    before(mark, types) {
      const wanted = new Set(types)
      return recent.filter((r) => r.at < mark && wanted.has(r.envelope.type)).map((r) => r.envelope)
    },
    follow(types, deliver) {
      const mine = types.filter((type) => !followers.has(type))
      for (const type of mine) followers.set(type, deliver)
      return () => {
        for (const type of mine) if (followers.get(type) === deliver) followers.delete(type)
      }
    },
  }
}

/** A stored envelope read back, or `undefined` when it is not one. */
function envelopeOf(value: unknown): Envelope | undefined {
  if (!isRecord(value)) return undefined
  const { type, payload, correlationId, source, ts } = value
  if (typeof type !== 'string' || NEVER_MAPPED.has(type) || !('payload' in value)) return undefined
  if (typeof correlationId !== 'string' || typeof source !== 'string') return undefined
  if (typeof ts !== 'number' || !Number.isFinite(ts)) return undefined
  return { type, payload, correlationId, source, ts } as Envelope
}
