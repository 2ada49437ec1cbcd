import * as v from 'valibot'

/**
 * getTealiumTags (header spec §7: POST, bearer; "not shown" beyond that): the signed-in customer's
 * fields for the tag manager, the "customer fields" of nav spec §7's payloads. The shape is ours:
 * flat strings, as a tag manager's data layer holds them. Only what analytics needs: no e-mail (not
 * even hashed, which is advertising data) and no name.
 */
export const TEALIUM_TAGS_PATH = 'getTealiumTags'

const tag = v.pipe(v.string(), v.maxLength(64))

export const TealiumTagsSchema = v.object({
  /** The customer's id in the store (the same id the account pages use). */
  customer_id: tag,
  /** Always 'registered': only a signed-in customer has tags. */
  customer_status: v.literal('registered'),
  /** The customer's user group ('' when none): consumer, business… */
  customer_group: tag,
  /** The customer's price group ('' when none). */
  customer_price_group: tag,
  /** The loyalty programme: a member, not a member, or excluded from it. */
  customer_loyalty: v.picklist(['member', 'not member', 'excluded']),
  /** getAdType's answer: the auto-delivery programme, NONE without one. */
  customer_auto_delivery: tag,
})
export type TealiumTags = v.InferOutput<typeof TealiumTagsSchema>
