import * as v from 'valibot'
import { withoutLangPrefix } from './language'
import {
  isSegmentCode,
  parseSegmentCodes,
  type SegmentCode,
  segmentCodesText,
  VISITOR_SEGMENTS_COOKIE,
  VISITOR_SEGMENTS_DAYS,
} from './visitorSegments'

/**
 * The visitor profile (nav spec §3): what the store has learnt about this browser's visitor, kept in
 * local storage in the tag manager's visitor-profile shape — `current_visit`, `flags`, `badges`,
 * `audiences`, `metrics`, `properties`, `property_sets` — so a brand's tags can read it and a test or
 * a brand team can set any visitor by hand (docs/shopper-data.md, "The visitor profile"). The targeted-content
 * segments (site/visitorSegments.ts) and the CSR flag are derived from it, never stored apart; the
 * `visitorSegments` cookie is the page server's copy of the segments, rewritten with every change.
 *
 * Shared by the host (the content calls' `segmentCodes` header at start-up), the analytics plugin
 * (which keeps the profile: each visit and what each page teaches) and the plugins that know a fact
 * first (auth: auto delivery and a signed-in customer; loyalty: a perks member).
 */
export const VISITOR_PROFILE_KEY = 'oneHeader.visitorProfile'

const flags = v.record(v.string(), v.boolean())
const numbers = v.record(v.string(), v.number())
const texts = v.record(v.string(), v.string())
/** A part read leniently: absent or not its shape, it reads as empty and the others still count. */
const part = <S extends v.GenericSchema<unknown, Record<string, unknown>>>(schema: S) =>
  v.fallback(v.optional(schema, {}), {} as v.InferOutput<S>)
/**
 * Every part optional; keys we do not know are kept, at the top and in `current_visit` (a brand's
 * tag manager may keep more in it, and a rewrite of ours must not lose it).
 */
const ProfileSchema = v.looseObject({
  current_visit: v.fallback(
    v.optional(v.looseObject({ properties: part(texts), flags: part(flags), metrics: part(numbers) }), {
      properties: {},
      flags: {},
      metrics: {},
    }),
    { properties: {}, flags: {}, metrics: {} },
  ),
  flags: part(flags),
  badges: part(flags),
  audiences: part(texts),
  metrics: part(numbers),
  properties: part(texts),
  property_sets: part(v.record(v.string(), v.array(v.string()))),
})
export type VisitorProfile = v.InferOutput<typeof ProfileSchema>

/** A longer stored text is not read (a real profile is well under 2 kB). */
const MAX_STORED = 16_384

/**
 * Where each segment is kept in the profile (the spec does not show the real flag ids: these are
 * ours, and the README lists them). A repeat visitor is also told by `metrics.visits` of 2 or more;
 * any segment code among `audiences`' values counts too (a brand's tag manager may assign audiences).
 */
export const SEGMENT_FIELDS = {
  KnownUser: { part: 'flags', id: 'known_user' },
  ActiveADUser: { part: 'flags', id: 'active_ad_user' },
  Purchaser: { part: 'badges', id: 'purchaser' },
  BrewerIntender: { part: 'badges', id: 'brewer_intender' },
  PerksMember: { part: 'flags', id: 'perks_member' },
} as const satisfies Record<Exclude<SegmentCode, 'UnknownUser'>, { part: 'flags' | 'badges'; id: string }>

/** The profile of a visitor the store knows nothing about. */
export const emptyProfile = (): VisitorProfile => v.parse(ProfileSchema, {})

/** The stored text as a profile; absent, too long, not JSON or not the shape: none. */
export function parseVisitorProfile(text: string | null | undefined): VisitorProfile | undefined {
  if (!text || text.length > MAX_STORED) return undefined
  try {
    const json: unknown = JSON.parse(text)
    // The schema keeps unknown keys, so an array would pass as an object of its indexes.
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined
    const parsed = v.safeParse(ProfileSchema, json)
    return parsed.success ? parsed.output : undefined
  } catch {
    return undefined
  }
}

/**
 * The visitor's segments (nav spec §4, §6): UnknownUser by default; KnownUser for a repeat visitor
 * (or a customer who signed in here); ActiveADUser, Purchaser, BrewerIntender and PerksMember from
 * their fields.
 */
export function segmentsOfProfile(profile: VisitorProfile): SegmentCode[] {
  const codes = new Set<string>(Object.values(profile.audiences).filter(isSegmentCode))
  for (const [code, { part, id }] of Object.entries(SEGMENT_FIELDS))
    if (profile[part][id] === true) codes.add(code)
  if ((profile.metrics.visits ?? 0) >= 2) codes.add('KnownUser')
  return parseSegmentCodes([...codes].join('~'))
}

/**
 * The CSR flag (nav spec §6): false for a repeat visitor, true otherwise — targeted content for a
 * visitor the page server has nothing stored about is settled in the browser (client-side).
 */
export const csrOf = (profile: VisitorProfile): boolean => !segmentsOfProfile(profile).includes('KnownUser')

/** The profile with `code`'s field set (`on`) or cleared. UnknownUser is only ever derived. */
export function withLearnt(profile: VisitorProfile, code: SegmentCode, on: boolean): VisitorProfile {
  if (code === 'UnknownUser') return profile
  const { part, id } = SEGMENT_FIELDS[code]
  return { ...profile, [part]: { ...profile[part], [id]: on } }
}

/**
 * A profile holding exactly `codes`: a visitor whose data predates the profile (only the cookie copy).
 * The copy was written in a visit already made, so that visit counts.
 */
export function profileFromSegments(codes: readonly SegmentCode[]): VisitorProfile {
  const profile = codes.reduce((p, code) => withLearnt(p, code, true), emptyProfile())
  return { ...profile, metrics: { visits: 1 } }
}

/** An order confirmation page: the visitor has bought from the store. */
const ORDER_CONFIRMATION = /^\/checkout\/orderConfirmation(\/|$)/
/** The store's brewer category pages (consumer and business), in either language. */
const BREWER_CATEGORY = /^\/c\/(commercial-)?brewers(\/|$)/

/**
 * What a page teaches (pure, so every path and profile has one answer): a new browser session is a
 * visit (`metrics.visits`; the second makes a KnownUser) and starts a new `current_visit`; every page
 * counts in it; an order confirmation makes a Purchaser, a brewer category page a BrewerIntender.
 * Nothing is unlearnt here; it counts from the next page, so content never changes under the eyes.
 */
export function afterPage(
  profile: VisitorProfile,
  page: { pathname: string; newBrowserSession: boolean; now: number },
): VisitorProfile {
  let next = profile
  if (page.newBrowserSession) {
    next = {
      ...next,
      metrics: { ...next.metrics, visits: (next.metrics.visits ?? 0) + 1 },
      current_visit: { properties: { started: new Date(page.now).toISOString() }, flags: {}, metrics: {} },
    }
  }
  const visit = next.current_visit
  next = {
    ...next,
    current_visit: { ...visit, metrics: { ...visit.metrics, pages: (visit.metrics.pages ?? 0) + 1 } },
  }
  const path = withoutLangPrefix(page.pathname)
  if (ORDER_CONFIRMATION.test(path)) next = withLearnt(next, 'Purchaser', true)
  if (BREWER_CATEGORY.test(path)) next = withLearnt(next, 'BrewerIntender', true)
  return withDerived(next)
}

/** The derived values the profile also carries for a brand's tags: the segments and the CSR flag. */
function withDerived(profile: VisitorProfile): VisitorProfile {
  return {
    ...profile,
    flags: { ...profile.flags, csr: csrOf(profile) },
    property_sets: { ...profile.property_sets, segments: segmentsOfProfile(profile) },
  }
}

/** The browser's storage and cookies, as the profile's readers see them. */
export interface VisitorData {
  storage: Pick<Storage, 'getItem'> | undefined
  cookies: { get(name: string): string | undefined }
}

/** The browser's storage and cookies, as the profile's keepers see them. */
export interface VisitorStore extends VisitorData {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined
  cookies: {
    get(name: string): string | undefined
    set(name: string, value: string, options: { expiresDays: number }): boolean
  }
  /**
   * Told the new `segmentCodes` text when a write changes the visitor's segments (a sign-in makes a
   * KnownUser): the header asks for its targeted content again with them.
   */
  announce?: (segmentCodes: string) => void
}

/**
 * The page's local storage (undefined where the browser blocks it) with the header's cookie writer,
 * and who is told when the segments change.
 */
export function browserVisitorStore(
  cookies: VisitorStore['cookies'],
  announce?: VisitorStore['announce'],
): VisitorStore {
  return { storage: pageLocalStorage(), cookies, ...(announce ? { announce } : {}) }
}

/** Reading `localStorage` itself throws where the browser blocks storage. */
function pageLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

/** The start-up's reader: the page's local storage and cookies. */
export const browserVisitorData = (readCookie: (name: string) => string | undefined): VisitorData => ({
  storage: pageLocalStorage(),
  cookies: { get: readCookie },
})

/**
 * The stored profile; a visitor with only the older cookie copy gets a profile of its segments; none
 * at all, undefined. Storage that cannot be read (blocked, private mode) reads as none.
 */
export function readVisitorProfile(store: VisitorData): VisitorProfile | undefined {
  let text: string | null = null
  try {
    text = store.storage?.getItem(VISITOR_PROFILE_KEY) ?? null
  } catch {
    // Storage may be blocked by the browser; the cookie copy still speaks.
  }
  const stored = parseVisitorProfile(text)
  if (stored) return stored
  const copy = store.cookies.get(VISITOR_SEGMENTS_COOKIE)
  return copy === undefined ? undefined : profileFromSegments(parseSegmentCodes(copy))
}

/**
 * The `segmentCodes` header's value: the profile's segments, UnknownUser for a first visit, and for a
 * visitor who denied targeting (`targeting` false), whatever may still be stored.
 */
export const storedSegmentsText = (store: VisitorData, targeting = true): string => {
  const profile = targeting ? readVisitorProfile(store) : undefined
  return segmentCodesText(profile ? segmentsOfProfile(profile) : parseSegmentCodes(undefined))
}

/**
 * Rewrites the profile as `change` says, then its cookie copy. Both are targeting data (nav spec
 * Navigation spec §4): when the cookie writer refuses the copy (the site does not allow it, or targeting is denied),
 * nothing is stored. Returns whether the profile was written.
 */
export function updateVisitorProfile(
  store: VisitorStore,
  change: (profile: VisitorProfile) => VisitorProfile,
): boolean {
  const before = storedSegmentsText(store)
  const next = withDerived(change(readVisitorProfile(store) ?? emptyProfile()))
  const text = segmentCodesText(segmentsOfProfile(next))
  const written = store.cookies.set(VISITOR_SEGMENTS_COOKIE, text, {
    expiresDays: VISITOR_SEGMENTS_DAYS,
  })
  if (!written) return false
  try {
    store.storage?.setItem(VISITOR_PROFILE_KEY, JSON.stringify(next))
  } catch {
    // Full or blocked storage: the cookie copy keeps the segments meanwhile.
  }
  if (text !== before) store.announce?.(text)
  return true
}

/**
 * What a customer's session adds to the profile, beyond the segments: the mark that a customer is
 * signed in on this browser. Its session can end while no tab is open (the token cookies run out
 * with it): the next page finds the mark without a session and forgets the account's facts then.
 */
export const CUSTOMER_SESSION_FLAG = 'customer_session'

/**
 * The profile as the device alone has it, once a customer's session has ended (nav spec §4, §6:
 * KnownUser is a repeat visitor, and the CSR flag is false for one). The device's own facts stay —
 * its visits (`metrics`: two or more make a KnownUser), the current visit, the tag manager's own
 * properties — and what the person taught the store goes: the sign-in's KnownUser, ActiveADUser,
 * PerksMember, Purchaser and BrewerIntender (what they bought and looked at is theirs, not the next
 * shopper's on a shared computer), the tag manager's audiences of them, and the session's mark.
 * docs/shopper-data.md lists which is which.
 */
export function withoutAccountFacts(profile: VisitorProfile): VisitorProfile {
  const drop = (part: Record<string, boolean>, ids: readonly string[]) =>
    Object.fromEntries(Object.entries(part).filter(([id]) => !ids.includes(id)))
  const account = Object.values(SEGMENT_FIELDS)
  return {
    ...profile,
    flags: drop(profile.flags, [
      ...account.filter((f) => f.part === 'flags').map((f) => f.id),
      CUSTOMER_SESSION_FLAG,
    ]),
    badges: drop(
      profile.badges,
      account.filter((f) => f.part === 'badges').map((f) => f.id),
    ),
    audiences: {},
  }
}

/** Whether the stored profile was written while a customer was signed in and their session has not been closed here since. */
export const hadCustomerSession = (store: VisitorData): boolean =>
  readVisitorProfile(store)?.flags[CUSTOMER_SESSION_FLAG] === true

/**
 * When a customer's session ends — a sign-out in an open tab, or found ended on the next page (the
 * logout page, a session that ran out while no tab was open) — what came from the account goes and
 * what the device is stays (`withoutAccountFacts`): a repeat visitor is still a KnownUser, a first
 * visitor an UnknownUser; the cookie copy follows. Where the profile may not be written (the site
 * does not allow its cookie, or targeting is denied) both go, as before.
 */
export function forgetAccountAfterSignOut(store: VisitorStore, removeCookie: (name: string) => void): void {
  const stored = readVisitorProfile(store)
  if (stored && updateVisitorProfile(store, () => withoutAccountFacts(stored))) return
  forgetVisitorProfile(store)
  removeCookie(VISITOR_SEGMENTS_COOKIE)
}

/**
 * The same rule for start-up on the logout page, before any cookie may be written (the page server
 * has removed the cookie copy there; the page's first profile write puts it back): the stored
 * profile alone, rewritten without the account's facts.
 */
export function forgetAccountInStoredProfile(
  store: Pick<VisitorStore, 'storage'> = { storage: pageLocalStorage() },
): void {
  let stored: VisitorProfile | undefined
  try {
    stored = parseVisitorProfile(store.storage?.getItem(VISITOR_PROFILE_KEY))
  } catch {
    return // Blocked storage: nothing readable was kept.
  }
  if (!stored) return
  try {
    store.storage?.setItem(VISITOR_PROFILE_KEY, JSON.stringify(withDerived(withoutAccountFacts(stored))))
  } catch {
    // Full storage: the account's facts must not stay, so the profile goes whole.
    forgetVisitorProfile(store)
  }
}

/** Forgets the profile (targeting denied): the cookie copy is expired with it by the consent plugin. */
export function forgetVisitorProfile(
  store: Pick<VisitorStore, 'storage'> = { storage: pageLocalStorage() },
): void {
  try {
    store.storage?.removeItem(VISITOR_PROFILE_KEY)
  } catch {
    // Nothing stored that could be read either.
  }
}
