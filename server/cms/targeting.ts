import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { type ContentSlot, isVisible } from '../../contracts/cms'
import {
  asSignedIn,
  isTargetedAt,
  parseSegmentCodes,
  SEGMENT_CODES_HEADER,
  type SegmentCode,
  VISITOR_SEGMENTS_COOKIE,
} from '../../site/visitorSegments'
import { hasSession } from '../auth/endSession'

/**
 * The visitor's segments for a content call: the `segmentCodes` header the header sends (header
 * spec §7), or, for a call that cannot carry it (the page's preloads) and for the page server, the
 * stored visitor data the header keeps in the `visitorSegments` cookie. The same rule
 * (site/visitorSegments.ts) reads both, so the two always agree on a page. A request with a
 * customer's session is a KnownUser's whatever else it says (a signed-in customer
 * is never offered a first order's discount, stored segments or not).
 */
export function visitorSegmentsOf(c: Context): SegmentCode[] {
  const codes = parseSegmentCodes(c.req.header(SEGMENT_CODES_HEADER) ?? getCookie(c, VISITOR_SEGMENTS_COOKIE))
  return hasSession(c) ? asSignedIn(codes) : codes
}

type Targetable = { uid?: string; visible?: string; segments?: readonly string[] | undefined }

const isTargeted = (c: Targetable) => (c.segments?.length ?? 0) > 0
const isFor = (c: Targetable, codes: readonly SegmentCode[]) => isTargetedAt(c.segments ?? [], codes)

/**
 * A slot's components as this visitor sees them (targeted content, header spec §6): the first
 * visible component targeted at one of the visitor's segments, in slot order, takes the place of
 * the slot's untargeted components; with none for this visitor, the untargeted ones show and every
 * targeted one is left out. One variation per slot, so a row the page server reserved holds what
 * it shows; a variation an editor has hidden replaces nothing.
 */
export function targetedComponents<C extends Targetable>(
  components: readonly C[],
  codes: readonly SegmentCode[],
): C[] {
  const variation = components.find((c) => isVisible(c) && isTargeted(c) && isFor(c, codes))
  return variation ? [variation] : components.filter((c) => !isTargeted(c))
}

/**
 * A list of items that are not one slot's content (the navigation's components): each targeted
 * item is there for its segments only, and untargeted items for everyone. Nothing is replaced.
 */
export function targetedItems<C extends Targetable>(items: readonly C[], codes: readonly SegmentCode[]): C[] {
  return items.filter((c) => !isTargeted(c) || isFor(c, codes))
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
