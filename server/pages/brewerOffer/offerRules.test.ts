// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BOX_FIELD_PREFIX,
  boxesFit,
  choiceQuery,
  OFFER_IDS,
  OFFER_RULES,
  readOfferChoice,
  stepFor,
} from './offerRules'

const catalogue = { brewers: ['B-1', 'B-2'], pods: ['P-1', 'P-2', 'P-3'] }
const query = (fields: Record<string, string>) => new URLSearchParams(fields)

describe('the brewer-offer steps (nav spec §1: pick brewer, choose pods, confirm, with back)', () => {
  it('knows the three starter-kit offers and the boxes each asks for', () => {
    expect(OFFER_IDS).toEqual(['KSKBBAD', 'FIFTYPERCENTBREWER', 'FREEBREWER'])
    expect(OFFER_IDS.map((id) => OFFER_RULES[id].boxes)).toEqual([4, 6, 12])
  })

  it('has no flow without a known offer', () => {
    expect(readOfferChoice(query({}))).toBeUndefined()
    expect(readOfferChoice(query({ openedKSK: 'toString' }))).toBeUndefined()
    expect(readOfferChoice(query({ openedKSK: '<script>' }))).toBeUndefined()
  })

  it('shows step 1 first, and step 1 again with its problem when step 2 is asked for without a brewer', () => {
    expect(stepFor(readOfferChoice(query({ openedKSK: 'KSKBBAD' }))!, catalogue)).toEqual({ step: 1 })
    expect(stepFor(readOfferChoice(query({ openedKSK: 'KSKBBAD', step: '2' }))!, catalogue)).toEqual({
      step: 1,
      problem: 'noBrewer',
    })
    // A brewer the offer does not have is no brewer.
    expect(
      stepFor(readOfferChoice(query({ openedKSK: 'KSKBBAD', step: '3', brewer: 'X-9' }))!, catalogue),
    ).toEqual({ step: 1, problem: 'noBrewer' })
  })

  it('reaches step 3 only with the offer’s number of boxes, each of a listed pod', () => {
    const ask = (boxes: Record<string, string>) =>
      stepFor(
        readOfferChoice(
          query({
            openedKSK: 'KSKBBAD',
            step: '3',
            brewer: 'B-1',
            ...Object.fromEntries(Object.entries(boxes).map(([k, v]) => [`${BOX_FIELD_PREFIX}${k}`, v])),
          }),
        )!,
        catalogue,
      )
    expect(ask({ 'P-1': '2', 'P-2': '2' })).toEqual({ step: 3 })
    expect(ask({ 'P-1': '3' })).toEqual({ step: 2, problem: 'boxCount' })
    expect(ask({ 'P-1': '2', 'P-9': '2' })).toEqual({ step: 2, problem: 'boxCount' })
    expect(ask({ 'P-1': '2.5', 'P-2': '1.5' })).toEqual({ step: 2, problem: 'boxCount' })
    expect(ask({ 'P-1': '-1', 'P-2': '5' })).toEqual({ step: 2, problem: 'boxCount' })
    expect(ask({ 'P-1': '4', 'P-2': '0' })).toEqual({ step: 3 })
  })

  it('property: step 3 is reached exactly when the whole counts add up to the offer’s boxes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OFFER_IDS),
        fc.array(fc.tuple(fc.constantFrom(...catalogue.pods), fc.integer({ min: 0, max: 20 })), {
          maxLength: 3,
        }),
        (offer, picks) => {
          const fields = query({ openedKSK: offer, step: '3', brewer: 'B-2' })
          for (const [code, n] of picks) fields.set(`${BOX_FIELD_PREFIX}${code}`, String(n))
          const choice = readOfferChoice(fields)!
          const total = [...new Map(picks).values()].reduce((a, b) => a + b, 0)
          expect(stepFor(choice, catalogue).step === 3).toBe(total === OFFER_RULES[offer].boxes)
        },
      ),
    )
  })

  it('property: any address reads without throwing, and back links keep what was chosen', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 8 }),
        fc.constantFrom(...OFFER_IDS),
        (pairs, offer) => {
          const fields = new URLSearchParams(pairs)
          fields.set('openedKSK', offer)
          const choice = readOfferChoice(fields)!
          const { step } = stepFor(choice, catalogue)
          expect([1, 2, 3]).toContain(step)
          const again = readOfferChoice(choiceQuery(choice, 2))!
          expect(again.brewer).toBe(choice.brewer)
          for (const [code, n] of choice.boxes) if (Number.isInteger(n)) expect(again.boxes.get(code)).toBe(n)
        },
      ),
    )
  })

  it('says whether boxes fit on their own too', () => {
    const choice = readOfferChoice(query({ openedKSK: 'FREEBREWER', 'box-P-1': '12' }))!
    expect(boxesFit(choice, catalogue)).toBe(true)
    expect(boxesFit({ ...choice, boxes: new Map([['P-1', 11]]) }, catalogue)).toBe(false)
  })
})
