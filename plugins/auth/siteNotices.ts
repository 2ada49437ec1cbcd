import { decodeEach } from '../../contracts/search'
import {
  type CardNotice,
  CardNoticeSchema,
  SITE_NOTIFICATIONS_PATH,
  SiteNotificationsResponseSchema,
} from '../../contracts/siteNotifications'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import { onDemand } from '../../kernel/state/resource'
import type { SiteNotices } from './authRefs'
import type { AuthLog } from './session/authLog'

export { type SiteNotices, siteNoticesRef } from './authRefs'

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
