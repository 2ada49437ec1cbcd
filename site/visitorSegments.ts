/**
 * Targeted-content audience segments (header spec §6, nav spec §4): who the visitor is, as far as
 * the content is concerned. Shared by the header, which sends the visitor's segments with every
 * content call, and the reference server, which picks each slot's targeted content from them (for
 * the header's calls, and for the rows the page server reserves).
 *
 * The segments are derived from the visitor profile in local storage (site/visitorProfile.ts); the
 * `visitorSegments` cookie is the page server's copy of them, since it cannot read local storage,
 * so it targets the page's preloaded calls and reserved rows exactly as the header targets its own.
 * What a page teaches counts from the next one: content never changes under the shopper's eyes.
 */
export const SEGMENT_CODES = [
  'UnknownUser',
  'KnownUser',
  'ActiveADUser',
  'Purchaser',
  'BrewerIntender',
  // Ours beyond the spec's five: a signed-in perks member, whom offers for newcomers
  // ("New here? … 15% off your first order") are not for. The loyalty plugin keeps it.
  'PerksMember',
] as const
export type SegmentCode = (typeof SEGMENT_CODES)[number]

/** Codes are joined with a tilde on the wire (header spec §6). */
export const SEGMENT_SEPARATOR = '~'
/** The request header content calls carry (header spec §7 cms/components "optional segmentCodes header"). */
export const SEGMENT_CODES_HEADER = 'segmentCodes'
/**
 * The page server's copy of the visitor's segments (site/visitorProfile.ts keeps it), written only when
 * `header.allowed.cookies` lists it and targeting consent allows it.
 */
export const VISITOR_SEGMENTS_COOKIE = 'visitorSegments'
/**
 * A browser-session cookie saying this visit has already been counted: without it, a page starts a
 * new visit in the visitor profile (the second makes a KnownUser, a "repeat visitor").
 * A cookie rather than session storage, which each tab keeps apart.
 */
export const VISIT_COOKIE = 'visitorSession'
/** Days the cookie copy lasts (renewed on every write). */
export const VISITOR_SEGMENTS_DAYS = 365
/** A longer value is not read (every code at once is 72 characters; this leaves room for separators). */
const MAX_TEXT = 256

/** The segments of someone we know nothing about. */
const UNKNOWN_VISITOR: readonly SegmentCode[] = ['UnknownUser']

/**
 * The segments in a `~`-joined text (a header or the cookie), normalised: unknown codes and
 * duplicates dropped, in `SEGMENT_CODES` order, and exactly one of UnknownUser and KnownUser
 * (UnknownUser by default, nav spec §8). Anything malformed reads as the unknown visitor.
 */
export function parseSegmentCodes(text: string | null | undefined): SegmentCode[] {
  if (!text || text.length > MAX_TEXT) return [...UNKNOWN_VISITOR]
  const given = new Set(text.split(SEGMENT_SEPARATOR).map((code) => code.trim()))
  return normalised(SEGMENT_CODES.filter((code) => given.has(code)))
}

/**
 * The segments of a shopper signed in as a customer: a KnownUser whatever is stored (a customer
 * is never offered a first order's discount). A fact of the session, not profiling,
 * so it holds where targeting data may not be stored (Canada's opt-in before consent).
 */
export const asSignedIn = (codes: readonly SegmentCode[]): SegmentCode[] =>
  normalised([...codes, 'KnownUser'])

/** Whether `text` is one of the segment codes. */
export const isSegmentCode = (text: string): text is SegmentCode =>
  (SEGMENT_CODES as readonly string[]).includes(text)

/** The wire form: codes joined with `~`. */
export const segmentCodesText = (codes: readonly SegmentCode[]): string => codes.join(SEGMENT_SEPARATOR)

function normalised(codes: readonly SegmentCode[]): SegmentCode[] {
  const known = codes.includes('KnownUser')
  return SEGMENT_CODES.filter((c) =>
    c === 'UnknownUser' ? !known : c === 'KnownUser' ? known : codes.includes(c),
  )
}

/** Whether a component targeted at `targets` is for a visitor with `codes`. */
export const isTargetedAt = (targets: readonly string[], codes: readonly SegmentCode[]): boolean =>
  targets.some((t) => (codes as readonly string[]).includes(t))
