import { decodeEach } from '../../contracts/search'
import {
  type CardNotice,
  CardNoticeSchema,
  SITE_NOTIFICATIONS_PATH,
  SiteNotificationsResponseSchema,
} from '../../contracts/siteNotifications'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import { createServiceRef } from '../../kernel/services/serviceRef'
import { onDemand, type Resource } from '../../kernel/state/resource'
import type { StateStream } from '../../kernel/state/stateStream'
import type { AuthLog } from './session/authLog'

/**
 * The signed-in customer's site notifications (header spec §7 getSiteNotifications, bearer, "card
 * expiration"), read once per sign-in and forgotten at sign-out. Notices of a kind the header does
 * not know are left out (and logged), never fatal; a failed call is logged and shows nothing.
 */
export interface SiteNotices {
  readonly state$: StateStream<Resource<readonly CardNotice[]>>
  /** Reads them for `customerParam` ('current', or the customer an agent acts for) unless already read. */
  load(customerParam: string): void
  reset(): void
}

export const siteNoticesRef = createServiceRef<SiteNotices>('auth.siteNotices')

export function createSiteNotices(deps: { http: HttpClient; log: AuthLog }): SiteNotices {
  return onDemand<readonly CardNotice[], string>(async (customerParam) => {
    const r = await deps.http.request({
      method: 'POST',
      path: SITE_NOTIFICATIONS_PATH(customerParam),
      bearer: true,
      refreshOn401: true,
      schema: SiteNotificationsResponseSchema,
    })
    if (!r.ok) {
      deps.log('SITE_NOTIFICATIONS_FAILED', `getSiteNotifications failed: ${r.error.message}`, {
        httpError: r.error,
        logCategory: 'LOW',
      })
      return { status: 'error', error: r.error }
    }
    const notices = decodeEach(CardNoticeSchema, r.data.notifications)
    if (notices.dropped > 0)
      deps.log(
        'SITE_NOTIFICATIONS_DROPPED',
        `left out ${notices.dropped} site notification(s) of an unknown shape`,
        {
          logCategory: 'LOW',
        },
      )
    return { status: 'success', data: notices.items }
  }, 'getSiteNotifications')
}
