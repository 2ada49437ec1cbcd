import { withoutLangPrefix } from './language'

/**
 * Targeted-content audience segments (header spec §6, nav spec §8): who the visitor is, as far as
 * the content is concerned. Shared by the header, which keeps the visitor's segments and sends them
 * with every content call, and the reference server, which picks each slot's targeted content from
 * them (for the header's calls, and for the rows the page server reserves).
 *
 * The stored visitor data is the `visitorSegments` cookie itself, so the page server, which cannot
 * read local storage, targets the page's preloaded calls and its reserved rows exactly as the header
 * targets its own calls. What a page teaches (a purchase, a brewer page, the auto-delivery answer, a
 * return visit) is written during that page and counts from the next one: content never changes
 * under the shopper's eyes, and the header's answer always matches the height the server reserved.
 */
export const SEGMENT_CODES = [
  'UnknownUser',
  'KnownUser',
  'ActiveADUser',
  'Purchaser',
  'BrewerIntender',
  // Ours beyond the spec's five (issue 25): a signed-in perks member, whom offers for newcomers
  // ("New here? … 15% off your first order") are not for. The loyalty plugin keeps it.
  'PerksMember',
] as const
export type SegmentCode = (typeof SEGMENT_CODES)[number]

/** Codes are joined with a tilde on the wire (header spec §6). */
export const SEGMENT_SEPARATOR = '~'
/** The request header content calls carry (header spec §7 cms/components "optional segmentCodes header"). */
export const SEGMENT_CODES_HEADER = 'segmentCodes'
/** The stored visitor data: the visitor's codes, written only when `header.allowed.cookies` lists it. */
export const VISITOR_SEGMENTS_COOKIE = 'visitorSegments'
/**
 * A browser-session cookie saying this visit has already been counted: without it, stored visitor
 * data was written in an earlier visit (header spec §6 KnownUser, nav spec §8 "repeat visitor").
 * A cookie rather than session storage, which each tab keeps apart.
 */
export const VISIT_COOKIE = 'visitorSession'
/** Days the stored visitor data lasts (renewed on every write). */
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

/** The wire form: codes joined with `~`. */
export const segmentCodesText = (codes: readonly SegmentCode[]): string => codes.join(SEGMENT_SEPARATOR)

/** The codes with `code` added (`on`) or taken away, normalised. */
export function withSegment(codes: readonly SegmentCode[], code: SegmentCode, on: boolean): SegmentCode[] {
  return normalised(SEGMENT_CODES.filter((c) => (c === code ? on : codes.includes(c))))
}

function normalised(codes: readonly SegmentCode[]): SegmentCode[] {
  const known = codes.includes('KnownUser')
  return SEGMENT_CODES.filter((c) =>
    c === 'UnknownUser' ? !known : c === 'KnownUser' ? known : codes.includes(c),
  )
}

/** An order confirmation page: the visitor has bought from the store. */
const ORDER_CONFIRMATION = /^\/checkout\/orderConfirmation(\/|$)/
/** The store's brewer category pages (consumer and business), in either language. */
const BREWER_CATEGORY = /^\/c\/(commercial-)?brewers(\/|$)/

/**
 * What this page teaches about the visitor: a return visit (the stored data was written in an
 * earlier browser session) makes a KnownUser, an order confirmation a Purchaser, a brewer category
 * page a BrewerIntender. Nothing is ever unlearnt here; the auto-delivery segment follows getAdType
 * (the auth plugin). Pure, so every path and earlier value has one answer.
 */
export function segmentsAfterPage(
  stored: string | undefined,
  page: { pathname: string; newBrowserSession: boolean },
): SegmentCode[] {
  let codes = parseSegmentCodes(stored)
  const path = withoutLangPrefix(page.pathname)
  if (stored && page.newBrowserSession) codes = withSegment(codes, 'KnownUser', true)
  if (ORDER_CONFIRMATION.test(path)) codes = withSegment(codes, 'Purchaser', true)
  if (BREWER_CATEGORY.test(path)) codes = withSegment(codes, 'BrewerIntender', true)
  return codes
}

/** Whether a component targeted at `targets` is for a visitor with `codes`. */
export const isTargetedAt = (targets: readonly string[], codes: readonly SegmentCode[]): boolean =>
  targets.some((t) => (codes as readonly string[]).includes(t))

/** The cookie jar the stored visitor data is kept in (the kernel's allow-listed cookie writer). */
export interface SegmentJar {
  get(name: string): string | undefined
  set(name: string, value: string, options: { expiresDays: number }): boolean
}

/**
 * Rewrites the stored visitor data as `change` says, from what is stored now (undefined: nothing).
 * Every write renews its lifetime; the jar refuses it when the site configuration does not allow
 * the cookie.
 */
export function updateStoredSegments(
  jar: SegmentJar,
  change: (stored: string | undefined) => readonly SegmentCode[],
): void {
  jar.set(VISITOR_SEGMENTS_COOKIE, segmentCodesText(change(jar.get(VISITOR_SEGMENTS_COOKIE))), {
    expiresDays: VISITOR_SEGMENTS_DAYS,
  })
}
