import { asyncScheduler, type SchedulerLike, type Subscription } from 'rxjs'
import type { AnalyticsPort } from '../../kernel/analytics/analyticsPort'
import { carryOver, isRecord } from '../../kernel/analytics/carryOver'
import type { Consent } from '../../kernel/consent/consentStore'
import type { TagPayload } from '../../kernel/plugin/definePlugin'
import { pollUntil } from '../../kernel/streams/streams'

/** The tag manager's page API (Tealium's `utag`): `link` for interactions, `view` for page views. */
export interface TagManager {
  link(data: Record<string, unknown>): void
  view?(data: Record<string, unknown>): void
}

/** The two calls of nav spec §7. */
export type TagCall = 'link' | 'view'

/** Nav spec §7/navigation spec §9: calls wait for the tag manager, retried every 100 ms until it is loaded. */
export const TAG_MANAGER_RETRY_MS = 100
/** Stop waiting after 5 minutes (a page whose tag manager never loads). */
const MAX_CHECKS = 3000
/** Most calls kept while waiting; the oldest are dropped first. */
const QUEUE_LIMIT = 200
/**
 * Session storage: the calls a page left waiting for its tag manager, a JSON array of
 * `{ call: 'link' | 'view', payload, at }` (`at` in epoch ms), oldest first.
 */
export const TAG_QUEUE_STORAGE_KEY = 'oneHeader.tagQueue'

/** A call waiting for the tag manager; `held` while fields it waits for are still on their way. */
type Waiting = { call: TagCall; payload: TagPayload; at: number; held?: boolean }

const tagManagerOf = (win: Window): TagManager | undefined => {
  const utag = (win as Window & { utag?: Partial<TagManager> }).utag
  return typeof utag?.link === 'function' ? (utag as TagManager) : undefined
}

/** What the port needs of the consent state (kernel/consent/consentStore.ts). */
export type TagManagerConsent = Pick<Consent, 'allows' | 'allowedThroughout'>

export interface TagManagerPort extends AnalyticsPort {
  /**
   * A page view (`utag.view`), queued like the link calls. With `more`, it waits for those fields
   * (the customer's) and every call raised meanwhile waits behind it, so the page view stays first;
   * left before they come, the page view goes to the next page as it stands.
   */
  view(payload: TagPayload, more?: Promise<Record<string, unknown> | undefined>): void
  /** Calls waiting for the tag manager that will still be sent. */
  pending(): number
}

/**
 * The page's tag manager: payloads go to `utag.link` (`push`) or `utag.view` (`view`); while the tag
 * manager is not loaded yet they wait, in the order raised, and one poll every 100 ms sends them all
 * once it is, each exactly once (the queue is emptied before sending).
 *
 * Consent (nav spec §4): the tag manager is an analytical tracker (c1). A call raised while
 * analytical is denied is dropped there and then; one waiting in the queue is sent only if
 * analytical stayed allowed from the moment it was raised, so a denial stops the queue at once and
 * nothing raised while denied is sent after an allow. Targeting (c2) reaches the tag manager as
 * Google Consent Mode (the consent plugin's `gtag('consent', …)`), for its advertising tags.
 *
 * What still waits when the page is left goes to the tab's next page (`TAG_QUEUE_STORAGE_KEY`,
 * kernel/analytics/carryOver.ts), whose port sends it before its own calls, if that page's consent
 * allows it too.
 */
export function createTagManagerPort(
  win: Window,
  scheduler: SchedulerLike = asyncScheduler,
  consent?: TagManagerConsent,
): TagManagerPort {
  const queue: Waiting[] = []
  const allowedSince = (at: number) => consent?.allowedThroughout('analytical', at) ?? true
  let waiting: Subscription | undefined
  const send = (manager: TagManager, call: TagCall, payload: TagPayload) => {
    try {
      const fn = manager[call]
      if (typeof fn !== 'function') {
        console.warn(
          `[one-header] analytics: the tag manager has no ${call}(); the payload is lost:`,
          payload.event,
        )
        return
      }
      fn.call(manager, { ...payload })
    } catch (error) {
      console.warn(
        `[one-header] analytics: the tag manager threw on ${call}(); the payload is lost:`,
        payload.event,
        error,
      )
    }
  }
  const flush = () => {
    const manager = tagManagerOf(win)
    if (!manager) return
    // Up to the first call still held; the batch leaves the queue before it is sent (sent once).
    const held = queue.findIndex((entry) => entry.held)
    for (const { call, payload, at } of queue.splice(0, held === -1 ? queue.length : held))
      if (allowedSince(at)) send(manager, call, payload)
  }
  const wait = () => {
    if (waiting) return
    waiting = pollUntil(() => tagManagerOf(win) !== undefined, TAG_MANAGER_RETRY_MS, {
      maxChecks: MAX_CHECKS,
      scheduler,
    }).subscribe({
      next: flush,
      complete: () => {
        waiting = undefined
      },
    })
  }
  const enqueue = (call: TagCall, payload: TagPayload) => {
    if (consent && !consent.allows('analytical')) return
    const manager = tagManagerOf(win)
    if (manager && queue.length === 0) return send(manager, call, payload)
    queue.push({ call, payload, at: scheduler.now() })
    if (queue.length > QUEUE_LIMIT) queue.shift()
    wait()
  }
  const enqueueHeld = (payload: TagPayload, more: Promise<Record<string, unknown> | undefined>) => {
    if (consent && !consent.allows('analytical')) return
    const entry: Waiting = { call: 'view', payload, at: scheduler.now(), held: true }
    queue.push(entry)
    const release = (fields: Record<string, unknown> | undefined) => {
      entry.payload = { ...entry.payload, ...fields }
      entry.held = false
      if (tagManagerOf(win)) flush()
      else wait()
    }
    more.then(release, () => release(undefined))
  }
  carryOver(win, {
    key: TAG_QUEUE_STORAGE_KEY,
    now: () => scheduler.now(),
    unsent: () => queue.filter(({ at }) => allowedSince(at)),
    handedOver: (calls) => {
      const gone = new Set(calls)
      queue.splice(0, queue.length, ...queue.filter((entry) => !gone.has(entry)))
    },
    // Raised before this page's calls: first in the queue, sent as soon as the tag manager is there.
    takeOver: (calls) => {
      queue.unshift(...calls)
      if (queue.length > QUEUE_LIMIT) queue.splice(0, queue.length - QUEUE_LIMIT)
      if (tagManagerOf(win)) flush()
      else wait()
    },
    decode: waitingOf,
    timeOf: ({ at }) => at,
  })
  return {
    push: (payload) => enqueue('link', payload),
    view: (payload, more) => (more ? enqueueHeld(payload, more) : enqueue('view', payload)),
    // What a denial has stopped is no longer waiting to be sent.
    pending: () => queue.filter(({ at }) => allowedSince(at)).length,
  }
}

/** A stored call read back, or `undefined` when it is not one. */
function waitingOf(value: unknown): Waiting | undefined {
  if (!isRecord(value)) return undefined
  const { call, payload, at } = value
  if (call !== 'link' && call !== 'view') return undefined
  if (!isRecord(payload) || typeof payload.event !== 'string') return undefined
  if (typeof at !== 'number' || !Number.isFinite(at)) return undefined
  return { call, payload: payload as TagPayload, at }
}
