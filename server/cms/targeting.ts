import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { ContentSlot } from '../../contracts/cms'
import {
  isTargetedAt,
  parseSegmentCodes,
  SEGMENT_CODES_HEADER,
  type SegmentCode,
  VISITOR_SEGMENTS_COOKIE,
} from '../../site/visitorSegments'

/**
 * The visitor's segments for a content call: the `segmentCodes` header the header sends (header
 * spec §7), or, for a call that cannot carry it (the page's preloads) and for the page server, the
 * stored visitor data the header keeps in the `visitorSegments` cookie. The same rule
 * (site/visitorSegments.ts) reads both, so the two always agree on a page.
 */
export function visitorSegmentsOf(c: Context): SegmentCode[] {
  return parseSegmentCodes(c.req.header(SEGMENT_CODES_HEADER) ?? getCookie(c, VISITOR_SEGMENTS_COOKIE))
}

type Targetable = { uid?: string; segments?: readonly string[] | undefined }

/**
 * A slot's components as this visitor sees them (targeted content, header spec §6): the first
 * component targeted at one of the visitor's segments, in slot order, takes the place of the slot's
 * untargeted components; with none for this visitor, the untargeted ones show and every targeted
 * one is left out. One variation per slot, so a row the page server reserved holds what it shows.
 */
export function targetedComponents<C extends Targetable>(
  components: readonly C[],
  codes: readonly SegmentCode[],
): C[] {
  const variation = components.find((c) => c.segments?.length && isTargetedAt(c.segments, codes))
  return variation ? [variation] : components.filter((c) => !c.segments?.length)
}

/** Every slot of a page targeted (its uid list kept in step with its components). */
export function targetedSlots(slots: readonly ContentSlot[], codes: readonly SegmentCode[]): ContentSlot[] {
  return slots.map((slot) => {
    const component = targetedComponents(slot.components.component, codes)
    return {
      ...slot,
      ...(slot.componentUids ? { componentUids: { componentUidList: component.map((c) => c.uid) } } : {}),
      components: { component },
    }
  })
}
