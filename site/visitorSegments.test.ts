import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isTargetedAt,
  parseSegmentCodes,
  SEGMENT_CODES,
  SEGMENT_CODES_HEADER,
  type SegmentCode,
  segmentCodesText,
  segmentsAfterPage,
  VISIT_COOKIE,
  VISITOR_SEGMENTS_COOKIE,
  VISITOR_SEGMENTS_DAYS,
  withSegment,
} from './visitorSegments'

const anyCodes = fc.subarray([...SEGMENT_CODES])
const text = fc.oneof(
  fc.string(),
  fc
    .array(fc.oneof(fc.constantFrom(...SEGMENT_CODES), fc.string()), { maxLength: 8 })
    .map((a) => a.join('~')),
)

describe('visitor segments (header spec §6, nav spec §8)', () => {
  it('has the spec codes, the tilde and the header name', () => {
    // The spec's five, and ours for perks members (issue 25).
    expect(SEGMENT_CODES).toEqual([
      'UnknownUser',
      'KnownUser',
      'ActiveADUser',
      'Purchaser',
      'BrewerIntender',
      'PerksMember',
    ])
    expect(segmentCodesText(['KnownUser', 'ActiveADUser', 'Purchaser'])).toBe(
      'KnownUser~ActiveADUser~Purchaser',
    )
    expect(SEGMENT_CODES_HEADER).toBe('segmentCodes')
    expect([VISITOR_SEGMENTS_COOKIE, VISIT_COOKIE, VISITOR_SEGMENTS_DAYS]).toEqual([
      'visitorSegments',
      'visitorSession',
      365,
    ])
  })

  it('reads UnknownUser by default: nothing, garbage, or an over-long text', () => {
    for (const t of [undefined, null, '', '~~', 'Admin', '<script>', `KnownUser~${'x'.repeat(300)}`])
      expect(parseSegmentCodes(t)).toEqual(['UnknownUser'])
  })

  it('drops unknown codes and duplicates, and orders the rest', () => {
    expect(parseSegmentCodes('Purchaser~Admin~KnownUser~Purchaser')).toEqual(['KnownUser', 'Purchaser'])
    expect(parseSegmentCodes(' BrewerIntender ~ActiveADUser')).toEqual([
      'UnknownUser',
      'ActiveADUser',
      'BrewerIntender',
    ])
  })

  it('always holds exactly one of UnknownUser and KnownUser, known codes only, in order (property)', () => {
    fc.assert(
      fc.property(text, (t) => {
        const codes = parseSegmentCodes(t)
        expect(codes.filter((c) => c === 'UnknownUser' || c === 'KnownUser')).toHaveLength(1)
        expect(codes).toEqual(SEGMENT_CODES.filter((c) => codes.includes(c)))
      }),
    )
  })

  it('reads back what it writes (property)', () => {
    fc.assert(
      fc.property(anyCodes, (codes) => {
        const once = parseSegmentCodes(segmentCodesText(codes))
        expect(parseSegmentCodes(segmentCodesText(once))).toEqual(once)
      }),
    )
  })

  it('adds and takes away one code, leaving the others (property)', () => {
    const code = fc.constantFrom<SegmentCode>('ActiveADUser', 'Purchaser', 'BrewerIntender')
    fc.assert(
      fc.property(anyCodes, code, fc.boolean(), (codes, c, on) => {
        const before = parseSegmentCodes(segmentCodesText(codes))
        const after = withSegment(before, c, on)
        expect(after.includes(c)).toBe(on)
        expect(after.filter((x) => x !== c)).toEqual(before.filter((x) => x !== c))
      }),
    )
    expect(withSegment(['UnknownUser'], 'KnownUser', true)).toEqual(['KnownUser'])
    expect(withSegment(['KnownUser', 'Purchaser'], 'KnownUser', false)).toEqual(['UnknownUser', 'Purchaser'])
  })

  describe('what a page teaches', () => {
    const page = (pathname: string, newBrowserSession = false) => ({ pathname, newBrowserSession })

    it('a first visit is an UnknownUser, and stays one during that visit', () => {
      expect(segmentsAfterPage(undefined, page('/', true))).toEqual(['UnknownUser'])
      expect(segmentsAfterPage('UnknownUser', page('/c/coffee'))).toEqual(['UnknownUser'])
    })

    it('a later browser session with stored data is a KnownUser (a repeat visitor)', () => {
      expect(segmentsAfterPage('UnknownUser', page('/', true))).toEqual(['KnownUser'])
      expect(segmentsAfterPage('UnknownUser~BrewerIntender', page('/fr/accueil', true))).toEqual([
        'KnownUser',
        'BrewerIntender',
      ])
    })

    it('an order confirmation makes a Purchaser, in either language', () => {
      for (const path of ['/checkout/orderConfirmation/00012345', '/fr/checkout/orderConfirmation/1'])
        expect(segmentsAfterPage('UnknownUser', page(path))).toEqual(['UnknownUser', 'Purchaser'])
      expect(segmentsAfterPage('UnknownUser', page('/checkout/payment'))).toEqual(['UnknownUser'])
    })

    it('a brewer category page makes a BrewerIntender, consumer or business, in either language', () => {
      for (const path of ['/c/brewers', '/c/brewers/k-classic', '/fr/c/brewers', '/c/commercial-brewers'])
        expect(segmentsAfterPage(undefined, page(path))).toEqual(['UnknownUser', 'BrewerIntender'])
      for (const path of ['/c/brewers-old', '/c/coffee', '/brewer-registration', '/search?text=brewers'])
        expect(segmentsAfterPage(undefined, page(path))).toEqual(['UnknownUser'])
    })

    it('never unlearns a segment (property)', () => {
      fc.assert(
        fc.property(anyCodes, fc.string(), fc.boolean(), (codes, path, fresh) => {
          const stored = segmentCodesText(codes)
          const before = parseSegmentCodes(stored)
          const after = segmentsAfterPage(stored, page(`/${path}`, fresh))
          for (const c of before) if (c !== 'UnknownUser') expect(after).toContain(c)
        }),
      )
    })
  })

  it('targets a component when the visitor has any of its segments', () => {
    expect(isTargetedAt(['ActiveADUser', 'Purchaser'], ['UnknownUser', 'Purchaser'])).toBe(true)
    expect(isTargetedAt(['ActiveADUser'], ['KnownUser', 'Purchaser'])).toBe(false)
    expect(isTargetedAt([], ['KnownUser'])).toBe(false)
  })
})
