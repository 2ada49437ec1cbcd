/**
 * The brewer-offer flow's rules (nav spec §1: "1 pick brewer, 2 choose pods, 3 confirm order, with
 * back steps"), apart from the page and the database so they can be tried with any input. A step is
 * reached only with what the steps before it chose: a step asked for without it shows the first
 * step that is missing something, with what is wrong.
 */

/** The starter-kit offers the navigation's Starter Kits panel opens (`openedKSK`), and what each asks. */
export const OFFER_RULES = {
  /** Brewer + Auto Delivery: any brewer, four boxes of pods a month. */
  KSKBBAD: { boxes: 4, brewers: 'any' },
  /** Half-price brewer: any brewer, six boxes of pods. */
  FIFTYPERCENTBREWER: { boxes: 6, brewers: 'any' },
  /** Free brewer: a K-Mini, with twelve boxes of pods. */
  FREEBREWER: { boxes: 12, brewers: 'K-Mini' },
} as const satisfies Record<string, { boxes: number; brewers: 'any' | 'K-Mini' }>

export type OfferId = keyof typeof OFFER_RULES
export const OFFER_IDS = Object.keys(OFFER_RULES) as OfferId[]
export type OfferStep = 1 | 2 | 3

/** The query (or form) field of a pod's number of boxes: `box-{product code}`. */
export const BOX_FIELD_PREFIX = 'box-'
/** Product codes as the catalogue writes them (letters, digits and hyphens). */
const PRODUCT_CODE = /^[\w-]{1,64}$/

/** What the shopper has chosen so far, as the address (or the confirm form) carries it. */
export interface OfferChoice {
  offer: OfferId
  /** The step asked for. */
  asked: OfferStep
  brewer?: string
  /** Boxes per pod product code; only counts above zero. */
  boxes: ReadonlyMap<string, number>
}

/**
 * Reads the choice from the page's query or the confirm form's fields. Undefined without a known
 * offer (the page then lists the offers). Anything malformed is dropped, never thrown: an odd
 * address shows the step it can.
 */
export function readOfferChoice(fields: URLSearchParams): OfferChoice | undefined {
  const offer = fields.get('openedKSK') ?? ''
  if (!isOfferId(offer)) return undefined
  const step = Number(fields.get('step'))
  const brewer = fields.get('brewer') ?? ''
  const boxes = new Map<string, number>()
  for (const [name, value] of fields) {
    if (!name.startsWith(BOX_FIELD_PREFIX)) continue
    const code = name.slice(BOX_FIELD_PREFIX.length)
    const count = /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN
    // A count that is not a whole number from 0 to 999 is kept as "too many", so the step says so.
    if (PRODUCT_CODE.test(code) && (count > 0 || Number.isNaN(count)))
      boxes.set(code, Number.isNaN(count) ? Number.POSITIVE_INFINITY : count)
  }
  return {
    offer,
    asked: step === 2 || step === 3 ? step : 1,
    ...(PRODUCT_CODE.test(brewer) ? { brewer } : {}),
    boxes,
  }
}

export const isOfferId = (value: string): value is OfferId => Object.hasOwn(OFFER_RULES, value)

/** What the offer lets the shopper pick from: product codes of its brewers and of the pods. */
export interface OfferCatalogue {
  brewers: readonly string[]
  pods: readonly string[]
}

/** Why a step was not reached. */
export type OfferProblem = 'noBrewer' | 'boxCount'

/** The step shown for a choice, and the problem that kept it from the step asked for. */
export function stepFor(
  choice: OfferChoice,
  catalogue: OfferCatalogue,
): { step: OfferStep; problem?: OfferProblem } {
  if (choice.asked === 1) return { step: 1 }
  if (!choice.brewer || !catalogue.brewers.includes(choice.brewer)) return { step: 1, problem: 'noBrewer' }
  if (choice.asked === 2) return { step: 2 }
  if (!boxesFit(choice, catalogue)) return { step: 2, problem: 'boxCount' }
  return { step: 3 }
}

/** Whether the boxes are the offer's number exactly, each of a pod the offer has. */
export function boxesFit(choice: OfferChoice, catalogue: OfferCatalogue): boolean {
  let total = 0
  for (const [code, count] of choice.boxes) {
    if (!catalogue.pods.includes(code) || !Number.isInteger(count)) return false
    total += count
  }
  return total === OFFER_RULES[choice.offer].boxes
}

/** The query of the address of `step` with the choice so far, for a back link or the next form. */
export function choiceQuery(choice: OfferChoice, step: OfferStep): URLSearchParams {
  const query = new URLSearchParams({ openedKSK: choice.offer, step: String(step) })
  if (choice.brewer) query.set('brewer', choice.brewer)
  for (const [code, count] of choice.boxes)
    if (Number.isInteger(count)) query.set(`${BOX_FIELD_PREFIX}${code}`, String(count))
  return query
}
