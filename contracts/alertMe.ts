import * as v from 'valibot'

/**
 * "Notify me" (header spec §7: POST alert/alertMe): a shopper asks to be told by e-mail when a product
 * is back in stock. Page code asks through the header (`window.oneHeader.alertMe`, the content
 * plugin's service behind `alertMeRef` in contracts/serviceRefs.ts), which checks the fields, sends
 * the call with the page's correlation id and says how it went; the reference server keeps one
 * request per brand, product and e-mail, takes JSON only (a cross-site form cannot post it without a
 * CORS preflight) and answers 202 `accepted` either way.
 */
export const ALERT_ME_PATH = 'alert/alertMe'

export const AlertMeRequestSchema = v.object({
  productCode: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^[\w.-]{1,64}$/, 'a product code (letters, digits, . _ -)'),
  ),
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('an e-mail address'), v.maxLength(254)),
})
export type AlertMeRequest = v.InferInput<typeof AlertMeRequestSchema>

/**
 * The same answer whether or not that e-mail already waits for that product: the API must not tell
 * anyone who watches what.
 */
export const AlertMeResponseSchema = v.object({ status: v.literal('accepted') })
export type AlertMeStatus = v.InferOutput<typeof AlertMeResponseSchema>['status']

/** How a "notify me" request went, for the page code that asked (never a thrown error). */
export type AlertMeResult =
  | { ok: true; status: AlertMeStatus }
  /** `invalid`: a field is wrong (named in `message`, nothing was sent); `unknownProduct`; `failed`: the call failed. */
  | { ok: false; reason: 'invalid' | 'unknownProduct' | 'failed'; message: string }

/** The "notify me" service (alertMeRef): checks the fields, sends them, says how it went. */
export interface AlertMe {
  request(input: AlertMeRequest): Promise<AlertMeResult>
}
