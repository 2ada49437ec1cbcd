import * as v from 'valibot'
import {
  ALERT_ME_PATH,
  type AlertMe,
  AlertMeRequestSchema,
  AlertMeResponseSchema,
} from '../../contracts/alertMe'
import type { HttpClient } from '../../kernel/http/createHttpClient'

/**
 * "Notify me" (header spec §7, POST alert/alertMe) as the content plugin's service (alertMeRef), so
 * page code outside the header asks through it (`window.oneHeader.alertMe`) and gets the header's
 * correlation id, brand, time-out and failure logging for free. The fields are checked before
 * anything is sent.
 */
export function createAlertMe(http: HttpClient, lang: string): AlertMe {
  return {
    async request(input) {
      const fields = v.safeParse(AlertMeRequestSchema, input)
      if (!fields.success) {
        const issue = fields.issues[0]
        const field = issue.path?.map((p) => String(p.key)).join('.') || 'request'
        return { ok: false, reason: 'invalid', message: `${field}: expected ${issue.expected ?? 'a value'}.` }
      }
      const r = await http.request({
        method: 'POST',
        path: ALERT_ME_PATH,
        query: { lang },
        body: fields.output,
        schema: AlertMeResponseSchema,
      })
      if (r.ok) return { ok: true, status: r.data.status }
      if (r.error.status === 404)
        return { ok: false, reason: 'unknownProduct', message: `No product '${fields.output.productCode}'.` }
      return { ok: false, reason: 'failed', message: r.error.message }
    },
  }
}
