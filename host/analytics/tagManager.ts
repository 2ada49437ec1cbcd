import { asyncScheduler, type SchedulerLike, type Subscription } from 'rxjs'
import type { AnalyticsPort } from '../../kernel/analytics/analyticsPort'
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

/**
 * The analytics port on the page's tag manager: each payload goes to `utag.link`; while the tag
 * manager is not loaded yet they wait, and one poll every 100 ms sends them once it is.
 */
export function createTagManagerPort(
  win: Window,
  scheduler: SchedulerLike = asyncScheduler,
): AnalyticsPort & { pending(): number } {
  const queue: TagPayload[] = []
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
    if (manager) for (const payload of queue.splice(0)) send(manager, payload)
  }
  return {
    push(payload) {
      const manager = tagManagerOf(win)
      if (manager && queue.length === 0) return send(manager, payload)
      queue.push(payload)
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
    pending: () => queue.length,
  }
}
