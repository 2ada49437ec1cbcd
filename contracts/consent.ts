import * as v from 'valibot'

/**
 * Consent records (GDPR Art. 7(1): the controller must be able to show that the visitor
 * consented): every choice a visitor makes in the cookie banner is stored once by the server —
 * when, for which brand and language, under which policy version, the choice per group and whether
 * Global Privacy Control was on — under the consent id kept in the consent cookie
 * (contracts/consentCookie.ts). `POST rest/v2/{brand}/consents` stores one; `GET
 * rest/v2/{brand}/consents/{consentId}` lists a visitor's, oldest first.
 */
export const CONSENTS_PATH = 'consents'

/** What the visitor did: accept all, reject all, save their own choices, or close the banner as it stood. */
export const CONSENT_ACTIONS = ['accept', 'reject', 'save', 'close'] as const
export type ConsentAction = (typeof CONSENT_ACTIONS)[number]

/** Ids the browser makes (`crypto.randomUUID()`), and policy versions: short and plain. */
const Token = v.pipe(v.string(), v.regex(/^[\w.:-]{1,64}$/, 'letters, digits, . _ : - (at most 64)'))

export const ConsentChoicesSchema = v.strictObject({
  functional: v.boolean(),
  analytical: v.boolean(),
  targeting: v.boolean(),
})

export const ConsentRecordRequestSchema = v.object({
  /** The visitor's consent id, from the consent cookie (made at their first choice). */
  consentId: Token,
  /**
   * One per choice, made when the visitor clicks: a retry of the same choice carries the same key,
   * and the server stores it once.
   */
  idempotencyKey: Token,
  action: v.picklist(CONSENT_ACTIONS, `one of ${CONSENT_ACTIONS.join(', ')}`),
  lang: v.picklist(['en', 'fr'], 'en or fr'),
  policyVersion: Token,
  choices: ConsentChoicesSchema,
  gpc: v.boolean(),
})
export type ConsentRecordRequest = v.InferOutput<typeof ConsentRecordRequestSchema>

export const ConsentRecordSchema = v.object({
  consentId: v.string(),
  action: v.picklist(CONSENT_ACTIONS),
  /** ISO 8601, the server's clock when it stored the choice. */
  recordedAt: v.string(),
  brand: v.string(),
  lang: v.string(),
  policyVersion: v.string(),
  choices: ConsentChoicesSchema,
  gpc: v.boolean(),
})
export type ConsentRecord = v.InferOutput<typeof ConsentRecordSchema>

/** A visitor's records, oldest first: what they agreed to, and when. */
export const ConsentHistorySchema = v.object({
  consentId: v.string(),
  records: v.array(ConsentRecordSchema),
})
export type ConsentHistory = v.InferOutput<typeof ConsentHistorySchema>
