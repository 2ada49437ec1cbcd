import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isTargetedAt,
  parseSegmentCodes,
  SEGMENT_CODES,
  SEGMENT_CODES_HEADER,
  segmentCodesText,
  VISIT_COOKIE,
  VISITOR_SEGMENTS_COOKIE,
  VISITOR_SEGMENTS_DAYS,
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
    // The spec's five, and ours for perks members.
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

  it('targets a component when the visitor has any of its segments', () => {
    expect(isTargetedAt(['ActiveADUser', 'Purchaser'], ['UnknownUser', 'Purchaser'])).toBe(true)
    expect(isTargetedAt(['ActiveADUser'], ['KnownUser', 'Purchaser'])).toBe(false)
    expect(isTargetedAt([], ['KnownUser'])).toBe(false)
  })
})
