import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  afterPage,
  csrOf,
  emptyProfile,
  forgetAccountAfterSignOut,
  forgetAccountInStoredProfile,
  forgetVisitorProfile,
  parseVisitorProfile,
  profileFromSegments,
  readVisitorProfile,
  SEGMENT_FIELDS,
  segmentsOfProfile,
  storedSegmentsText,
  updateVisitorProfile,
  VISITOR_PROFILE_KEY,
  type VisitorProfile,
  type VisitorStore,
  withLearnt,
} from './visitorProfile'
import { SEGMENT_CODES, type SegmentCode } from './visitorSegments'

/** A browser's storage and cookie jar; `allowed` false is a jar that refuses the cookie copy. */
function browser(opts: { profile?: unknown; cookie?: string; allowed?: boolean; storage?: boolean } = {}) {
  const items = new Map<string, string>()
  if (opts.profile !== undefined)
    items.set(
      VISITOR_PROFILE_KEY,
      typeof opts.profile === 'string' ? opts.profile : JSON.stringify(opts.profile),
    )
  const cookies = new Map<string, string>(opts.cookie ? [['visitorSegments', opts.cookie]] : [])
  const store: VisitorStore = {
    storage:
      opts.storage === false
        ? undefined
        : {
            getItem: (k) => items.get(k) ?? null,
            setItem: (k, v) => void items.set(k, v),
            removeItem: (k) => void items.delete(k),
          },
    cookies: {
      get: (name) => cookies.get(name),
      set(name, value) {
        if (opts.allowed === false) return false
        cookies.set(name, value)
        return true
      },
    },
  }
  const stored = () => parseVisitorProfile(items.get(VISITOR_PROFILE_KEY))
  return { store, items, cookies, stored }
}

const page = (pathname: string, newBrowserSession = false) => ({ pathname, newBrowserSession, now: 0 })
const learnable = fc.constantFrom(...(Object.keys(SEGMENT_FIELDS) as Exclude<SegmentCode, 'UnknownUser'>[]))

describe('the visitor profile (nav spec §3) and its segments (nav spec §4, §6)', () => {
  it('an empty profile is an UnknownUser with the CSR flag on', () => {
    expect(segmentsOfProfile(emptyProfile())).toEqual(['UnknownUser'])
    expect(csrOf(emptyProfile())).toBe(true)
  })

  it('reads each segment from its own field, and audiences naming a segment', () => {
    const profile: VisitorProfile = {
      ...emptyProfile(),
      flags: { known_user: true, active_ad_user: true, perks_member: false },
      badges: { purchaser: true, brewer_intender: false },
      audiences: { aud_7: 'BrewerIntender', aud_9: 'Somebody else' },
    }
    expect(segmentsOfProfile(profile)).toEqual(['KnownUser', 'ActiveADUser', 'Purchaser', 'BrewerIntender'])
    expect(csrOf(profile)).toBe(false)
  })

  it('a second visit makes a KnownUser (a repeat visitor); the CSR flag is false for them only', () => {
    const first = afterPage(emptyProfile(), page('/', true))
    expect(first.metrics.visits).toBe(1)
    expect(segmentsOfProfile(first)).toEqual(['UnknownUser'])
    expect(first.flags.csr).toBe(true)
    // More pages of the same visit teach nothing about repeat visits.
    const samevisit = afterPage(first, page('/c/coffee'))
    expect(samevisit.metrics.visits).toBe(1)
    expect(samevisit.current_visit.metrics.pages).toBe(2)
    const second = afterPage(samevisit, page('/fr', true))
    expect(second.metrics.visits).toBe(2)
    expect(second.current_visit.metrics.pages).toBe(1)
    expect(segmentsOfProfile(second)).toEqual(['KnownUser'])
    expect(second.flags.csr).toBe(false)
    expect(second.property_sets.segments).toEqual(['KnownUser'])
  })

  it('an order confirmation makes a Purchaser, in either language', () => {
    for (const path of ['/checkout/orderConfirmation/00012345', '/fr/checkout/orderConfirmation/1'])
      expect(segmentsOfProfile(afterPage(emptyProfile(), page(path)))).toEqual(['UnknownUser', 'Purchaser'])
    expect(segmentsOfProfile(afterPage(emptyProfile(), page('/checkout/payment')))).toEqual(['UnknownUser'])
  })

  it('a brewer category page makes a BrewerIntender, consumer or business, in either language', () => {
    for (const path of ['/c/brewers', '/c/brewers/k-classic', '/fr/c/brewers', '/c/commercial-brewers'])
      expect(segmentsOfProfile(afterPage(emptyProfile(), page(path)))).toEqual([
        'UnknownUser',
        'BrewerIntender',
      ])
    for (const path of ['/c/brewers-old', '/c/coffee', '/brewer-registration', '/search?text=brewers'])
      expect(segmentsOfProfile(afterPage(emptyProfile(), page(path)))).toEqual(['UnknownUser'])
  })

  it('a page never unlearns a segment, and learning one leaves the others (property)', () => {
    const anyLearnt = fc.array(fc.tuple(learnable, fc.boolean()), { maxLength: 8 })
    fc.assert(
      fc.property(
        anyLearnt,
        fc.string(),
        fc.boolean(),
        learnable,
        fc.boolean(),
        (steps, path, fresh, code, on) => {
          const before = steps.reduce((p, [c, o]) => withLearnt(p, c, o), emptyProfile())
          const after = afterPage(before, page(`/${path}`, fresh))
          for (const c of segmentsOfProfile(before))
            if (c !== 'UnknownUser') expect(segmentsOfProfile(after)).toContain(c)
          const learnt = segmentsOfProfile(withLearnt(before, code, on))
          // KnownUser is also a second visit; every other segment is its field alone.
          if (code !== 'KnownUser') expect(learnt.includes(code)).toBe(on)
          const others = (codes: SegmentCode[]) =>
            codes.filter((c) => c !== code && c !== 'UnknownUser' && c !== 'KnownUser')
          expect(others(learnt)).toEqual(others(segmentsOfProfile(before)))
        },
      ),
    )
  })

  it('reads anything stored as a profile or as none, never throwing (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((j) => JSON.stringify({ flags: j })),
        ),
        (text) => {
          const profile = parseVisitorProfile(text)
          if (profile) expect(SEGMENT_CODES).toEqual(expect.arrayContaining(segmentsOfProfile(profile)))
        },
      ),
    )
    // One part not its shape reads as empty; the others still count.
    expect(
      segmentsOfProfile(
        parseVisitorProfile('{"flags":{"known_user":"yes"},"badges":{"purchaser":true}}') as VisitorProfile,
      ),
    ).toEqual(['UnknownUser', 'Purchaser'])
    expect(parseVisitorProfile('[1,2]')).toBeUndefined()
    expect(parseVisitorProfile('x'.repeat(20_000))).toBeUndefined()
    // A brand's tag manager may keep more in it: extra parts are allowed, missing ones are empty.
    expect(
      segmentsOfProfile(parseVisitorProfile('{"badges":{"purchaser":true},"dates":{}}') as VisitorProfile),
    ).toEqual(['UnknownUser', 'Purchaser'])
  })
})

describe('where the profile is kept: local storage, with the cookie as the page server’s copy', () => {
  it('a first visit sends UnknownUser; a stored profile decides the segments, whatever the cookie says', () => {
    expect(storedSegmentsText(browser().store)).toBe('UnknownUser')
    const stored = browser({
      profile: { flags: { active_ad_user: true }, metrics: { visits: 3 } },
      cookie: 'UnknownUser',
    })
    expect(storedSegmentsText(stored.store)).toBe('KnownUser~ActiveADUser')
    // Targeting denied (by choice or GPC): an UnknownUser, whatever is still stored.
    expect(storedSegmentsText(stored.store, false)).toBe('UnknownUser')
  })

  it('a visitor with only the older cookie keeps its segments, and counts as having visited once', () => {
    const { store } = browser({ cookie: 'UnknownUser~Purchaser' })
    const profile = readVisitorProfile(store) as VisitorProfile
    expect(segmentsOfProfile(profile)).toEqual(['UnknownUser', 'Purchaser'])
    expect(profile).toEqual(profileFromSegments(['UnknownUser', 'Purchaser']))
    expect(segmentsOfProfile(afterPage(profile, page('/', true)))).toEqual(['KnownUser', 'Purchaser'])
  })

  it('an update writes the profile and its cookie copy together, with the derived segments and CSR flag', () => {
    const b = browser()
    expect(updateVisitorProfile(b.store, (p) => withLearnt(p, 'Purchaser', true))).toBe(true)
    expect(b.cookies.get('visitorSegments')).toBe('UnknownUser~Purchaser')
    expect(b.stored()?.badges).toEqual({ purchaser: true })
    expect(b.stored()?.flags.csr).toBe(true)
    expect(b.stored()?.property_sets.segments).toEqual(['UnknownUser', 'Purchaser'])
  })

  it('a write that changes the segments tells the store’s listener the new text; one that does not, or is refused, tells nothing', () => {
    const told: string[] = []
    const b = browser()
    const store = { ...b.store, announce: (text: string) => told.push(text) }
    updateVisitorProfile(store, (p) => withLearnt(p, 'KnownUser', true))
    expect(told).toEqual(['KnownUser'])
    updateVisitorProfile(store, (p) => withLearnt(p, 'KnownUser', true))
    expect(told).toEqual(['KnownUser'])
    updateVisitorProfile(store, (p) => withLearnt(p, 'ActiveADUser', true))
    expect(told).toEqual(['KnownUser', 'KnownUser~ActiveADUser'])
    const refused = browser({ allowed: false })
    updateVisitorProfile({ ...refused.store, announce: (text: string) => told.push(text) }, (p) =>
      withLearnt(p, 'KnownUser', true),
    )
    expect(told).toHaveLength(2)
  })

  it('a rewrite keeps what a brand’s tag manager stored beside ours, and a part of the wrong shape loses only itself', () => {
    const b = browser({
      profile: {
        brand_extra: { tier: 'gold' },
        properties: { score: 3 },
        metrics: { visits: 5 },
        current_visit: { dates: { start: 1 }, metrics: { pages: 1 } },
      },
    })
    updateVisitorProfile(b.store, (p) => afterPage(p, page('/c/coffee')))
    const after = b.stored() as VisitorProfile & { brand_extra?: unknown; current_visit: { dates?: unknown } }
    expect(after.brand_extra).toEqual({ tier: 'gold' })
    expect(after.current_visit.dates).toEqual({ start: 1 })
    expect(after.metrics.visits).toBe(5)
    expect(after.current_visit.metrics.pages).toBe(2)
  })

  it('stores nothing when the cookie copy is refused (not allowed, or targeting denied)', () => {
    const b = browser({ allowed: false })
    expect(updateVisitorProfile(b.store, (p) => withLearnt(p, 'Purchaser', true))).toBe(false)
    expect(b.items.size).toBe(0)
  })

  it('without local storage (blocked), the cookie copy carries the segments alone', () => {
    const b = browser({ storage: false })
    updateVisitorProfile(b.store, (p) => withLearnt(p, 'BrewerIntender', true))
    expect(storedSegmentsText(b.store)).toBe('UnknownUser~BrewerIntender')
    const throwing: VisitorStore = {
      storage: {
        getItem: () => {
          throw new Error('blocked')
        },
        setItem: () => {
          throw new Error('blocked')
        },
        removeItem: () => {
          throw new Error('blocked')
        },
      },
      cookies: b.store.cookies,
    }
    expect(storedSegmentsText(throwing)).toBe('UnknownUser~BrewerIntender')
    expect(updateVisitorProfile(throwing, (p) => p)).toBe(true)
    expect(() => forgetVisitorProfile(throwing)).not.toThrow()
  })

  it('forgetting removes the stored profile', () => {
    const b = browser({ profile: { badges: { purchaser: true } } })
    forgetVisitorProfile(b.store)
    expect(b.items.has(VISITOR_PROFILE_KEY)).toBe(false)
  })
})

describe('a customer’s session ends: the account’s facts go, the device’s stay (nav spec §4, §6)', () => {
  /** A repeat visitor's device on which a customer had signed in, an auto-delivery perks member who bought a brewer. */
  const signedInHere = {
    flags: { known_user: true, active_ad_user: true, perks_member: true, customer_session: true },
    badges: { purchaser: true, brewer_intender: true },
    audiences: { a1: 'Purchaser' },
    metrics: { visits: 3 },
    current_visit: { properties: { started: '2026-01-01T00:00:00.000Z' }, flags: {}, metrics: { pages: 4 } },
    properties: { tag_owned: 'kept' },
  }

  it('a repeat visitor stays a KnownUser with the CSR flag off, and nothing of the account is left', () => {
    const removed: string[] = []
    const b = browser({
      profile: signedInHere,
      cookie: 'KnownUser~ActiveADUser~Purchaser~BrewerIntender~PerksMember',
    })
    forgetAccountAfterSignOut(b.store, (name) => removed.push(name))
    expect(removed).toEqual([])
    expect(b.cookies.get('visitorSegments')).toBe('KnownUser')
    const kept = b.stored() as VisitorProfile
    expect(segmentsOfProfile(kept)).toEqual(['KnownUser'])
    expect(kept.flags).toEqual({ csr: false })
    expect(kept.badges).toEqual({})
    expect(kept.audiences).toEqual({})
    expect(kept.metrics).toEqual({ visits: 3 })
    expect(kept.current_visit.metrics).toEqual({ pages: 4 })
    expect(kept.properties).toEqual({ tag_owned: 'kept' })
  })

  it('a first visit’s device, known only through the sign-in, is an UnknownUser again (CSR flag on)', () => {
    const b = browser({ profile: { ...signedInHere, metrics: { visits: 1 } } })
    forgetAccountAfterSignOut(b.store, () => undefined)
    expect(b.cookies.get('visitorSegments')).toBe('UnknownUser')
    expect(b.stored()?.flags).toEqual({ csr: true })
  })

  it('where the profile may not be written, the profile and its cookie copy both go', () => {
    const removed: string[] = []
    const b = browser({ profile: signedInHere, allowed: false })
    forgetAccountAfterSignOut(b.store, (name) => removed.push(name))
    expect(b.items.has(VISITOR_PROFILE_KEY)).toBe(false)
    expect(removed).toEqual(['visitorSegments'])
  })

  it('the logout page’s start-up applies the same rule to the stored profile alone', () => {
    const b = browser({ profile: signedInHere })
    forgetAccountInStoredProfile(b.store)
    expect(segmentsOfProfile(b.stored() as VisitorProfile)).toEqual(['KnownUser'])
    expect(b.stored()?.flags).toEqual({ csr: false })
    expect(b.cookies.size).toBe(0)
    const none = browser()
    forgetAccountInStoredProfile(none.store)
    expect(none.items.size).toBe(0)
  })
})
