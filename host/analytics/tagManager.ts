import { asyncScheduler, type SchedulerLike, type Subscription } from 'rxjs'
import type { AnalyticsPort } from '../../kernel/analytics/analyticsPort'
import type { Consent } from '../../kernel/consent/consentStore'
import type { TagPayload } from '../../kernel/plugin/definePlugin'
import { pollUntil } from '../../kernel/streams/streams'

/** The tag manager's page API (Tealium's `utag`): `link` for interactions. */
export interface TagManager {
  link(data: Record<string, unknown>): void
}

/** Nav spec §7/§9: calls wait for the tag manager, retried every 100 ms until it is loaded. */
export const TAG_MANAGER_RETRY_MS = 100
/** Stop waiting after 5 minutes (a page whose tag manager never loads). */
const MAX_CHECKS = 3000
/** Most payloads kept while waiting; the oldest are dropped first. */
const QUEUE_LIMIT = 200

const tagManagerOf = (win: Window): TagManager | undefined => {
  const utag = (win as Window & { utag?: Partial<TagManager> }).utag
  return typeof utag?.link === 'function' ? (utag as TagManager) : undefined
}

/** What the port needs of the consent state (kernel/consent/consentStore.ts). */
export type TagManagerConsent = Pick<Consent, 'allows' | 'allowedThroughout'>

/**
 * The analytics port on the page's tag manager: each payload goes to `utag.link`; while the tag
 * manager is not loaded yet they wait, and one poll every 100 ms sends them once it is.
 *
 * Consent (nav spec §4): the tag manager is an analytical tracker (c1). A payload raised while
 * analytical is denied is dropped there and then; one waiting in the queue is sent only if
 * analytical stayed allowed from the moment it was raised, so a denial stops the queue at once and
 * nothing raised while denied is sent after an allow. Targeting (c2) reaches the tag manager as
 * Google Consent Mode (the consent plugin's `gtag('consent', …)`), for its advertising tags.
 */
export function createTagManagerPort(
  win: Window,
  scheduler: SchedulerLike = asyncScheduler,
  consent?: TagManagerConsent,
): AnalyticsPort & { pending(): number } {
  const queue: { payload: TagPayload; at: number }[] = []
  const allowedSince = (at: number) => consent?.allowedThroughout('analytical', at) ?? true
  let waiting: Subscription | undefined
  const send = (manager: TagManager, payload: TagPayload) => {
    try {
      manager.link({ ...payload })
    } catch (error) {
      console.warn('[one-header] the tag manager threw on link(); the payload is lost:', payload.event, error)
    }
  }
  const flush = () => {
    const manager = tagManagerOf(win)
    if (!manager) return
    for (const { payload, at } of queue.splice(0)) if (allowedSince(at)) send(manager, payload)
  }
  return {
    push(payload) {
      if (consent && !consent.allows('analytical')) return
      const manager = tagManagerOf(win)
      if (manager && queue.length === 0) return send(manager, payload)
      queue.push({ payload, at: scheduler.now() })
      if (queue.length > QUEUE_LIMIT) queue.shift()
      waiting ??= pollUntil(() => tagManagerOf(win) !== undefined, TAG_MANAGER_RETRY_MS, {
        maxChecks: MAX_CHECKS,
        scheduler,
      }).subscribe({
        next: flush,
        complete: () => {
          waiting = undefined
        },
      })
    },
    // What a denial has stopped is no longer waiting to be sent.
    pending: () => queue.filter(({ at }) => allowedSince(at)).length,
  }
}
