import fc from 'fast-check'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { SEGMENT_CODES, type SegmentCode } from '../../site/visitorSegments'
import { targetedComponents, targetedItems, visitorSegmentsOf } from './targeting'

const c = (uid: string, segments?: string[], visible = 'true') => ({
  uid,
  visible,
  ...(segments ? { segments } : {}),
})

describe('targeted content on the server (header spec §6)', () => {
  it("a request with a customer's session is a KnownUser's, stored segments or not", async () => {
    const app = new Hono().get('/', (ctx) => ctx.json(visitorSegmentsOf(ctx)))
    const ask = async (headers: Record<string, string>) => (await app.request('/', { headers })).json()
    expect(await ask({})).toEqual(['UnknownUser'])
    expect(await ask({ cookie: 'refresh_token=r1' })).toEqual(['KnownUser'])
    expect(await ask({ cookie: 'access_token=a1; visitorSegments=UnknownUser~BrewerIntender' })).toEqual([
      'KnownUser',
      'BrewerIntender',
    ])
    expect(await ask({ segmentCodes: 'UnknownUser~Purchaser', cookie: 'refresh_token=r1' })).toEqual([
      'KnownUser',
      'Purchaser',
    ])
    expect(await ask({ segmentCodes: 'UnknownUser~Purchaser' })).toEqual(['UnknownUser', 'Purchaser'])
  })

  it('a slot shows its first visible variation for the visitor in place of its untargeted components', () => {
    const slot = [c('Default'), c('Image'), c('Ad', ['ActiveADUser']), c('Brewer', ['BrewerIntender'])]
    expect(targetedComponents(slot, ['UnknownUser']).map((x) => x.uid)).toEqual(['Default', 'Image'])
    expect(targetedComponents(slot, ['KnownUser', 'BrewerIntender']).map((x) => x.uid)).toEqual(['Brewer'])
    expect(
      targetedComponents(slot, ['KnownUser', 'ActiveADUser', 'BrewerIntender']).map((x) => x.uid),
    ).toEqual(['Ad'])
  })

  it('a variation an editor has hidden replaces nothing', () => {
    const slot = [c('Default'), c('Paused', ['BrewerIntender'], 'false'), c('Other', ['BrewerIntender'])]
    expect(targetedComponents(slot, ['UnknownUser', 'BrewerIntender']).map((x) => x.uid)).toEqual(['Other'])
    expect(targetedComponents(slot.slice(0, 2), ['UnknownUser', 'BrewerIntender']).map((x) => x.uid)).toEqual(
      ['Default'],
    )
  })

  it('a list of items keeps each targeted item for its segments only, and every untargeted one', () => {
    const items = [c('Beverages'), c('AdDeals', ['ActiveADUser']), c('Brewers')]
    expect(targetedItems(items, ['UnknownUser']).map((x) => x.uid)).toEqual(['Beverages', 'Brewers'])
    expect(targetedItems(items, ['KnownUser', 'ActiveADUser']).map((x) => x.uid)).toEqual([
      'Beverages',
      'AdDeals',
      'Brewers',
    ])
  })

  it('a slot is either its untargeted components or one visible variation for the visitor (property)', () => {
    const code = fc.constantFrom(...SEGMENT_CODES)
    const component = fc.record({
      uid: fc.string(),
      visible: fc.constantFrom('true', 'false'),
      segments: fc.option(fc.array(code, { maxLength: 2 }), { nil: undefined }),
    })
    fc.assert(
      fc.property(fc.array(component, { maxLength: 6 }), fc.subarray([...SEGMENT_CODES]), (slot, codes) => {
        const shown = targetedComponents(slot, codes as SegmentCode[])
        const untargeted = slot.filter((x) => !x.segments?.length)
        if (shown.length === 1 && shown[0]?.segments?.length) {
          expect(shown[0].visible).toBe('true')
          expect(shown[0].segments.some((s) => codes.includes(s))).toBe(true)
        } else expect(shown).toEqual(untargeted)
      }),
    )
  })
})
