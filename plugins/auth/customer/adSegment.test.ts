import { BehaviorSubject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import type { SessionState } from '../authRefs'
import {
  forgetSegmentsOnSignOut,
  hasAutoDelivery,
  keepAdSegment,
  keepCustomerSegments,
  keepKnownSegment,
} from './adSegment'

function jar(initial?: string, allowed = true) {
  const cookies = new Map<string, string>(initial ? [['visitorSegments', initial]] : [])
  const writes: { name: string; value: string; expiresDays: number }[] = []
  // A browser without local storage: the profile is read back from its cookie copy.
  return {
    storage: undefined,
    writes,
    cookies: {
      get: (name: string) => cookies.get(name),
      remove: (name: string) => void cookies.delete(name),
      set(name: string, value: string, options: { expiresDays: number }) {
        if (!allowed) return false
        cookies.set(name, value)
        writes.push({ name, value, ...options })
        return true
      },
    },
  }
}

describe('getAdType feeds the ActiveADUser segment (header spec §6)', () => {
  it('adds ActiveADUser for any programme but NONE, keeping the other segments, for 365 days', () => {
    const adType = new BehaviorSubject<string | null>(null)
    const j = jar('KnownUser~Purchaser')
    const sub = keepAdSegment(adType, () => false, j)
    expect(j.writes).toEqual([])
    adType.next('ADF')
    expect(j.writes).toEqual([
      { name: 'visitorSegments', value: 'KnownUser~ActiveADUser~Purchaser', expiresDays: 365 },
    ])
    adType.next('NONE')
    expect(j.cookies.get('visitorSegments')).toBe('KnownUser~Purchaser')
    sub.unsubscribe()
    adType.next('ADF')
    expect(j.cookies.get('visitorSegments')).toBe('KnownUser~Purchaser')
  })

  it('starts from UnknownUser when nothing is stored', () => {
    const j = jar()
    keepAdSegment(new BehaviorSubject<string | null>('ADS'), () => false, j)
    expect(j.cookies.get('visitorSegments')).toBe('UnknownUser~ActiveADUser')
  })

  it('never stores an agent’s answer (it is about the customer they act for)', () => {
    const j = jar('UnknownUser')
    keepAdSegment(new BehaviorSubject<string | null>('ADF'), () => true, j)
    expect(j.writes).toEqual([])
  })
})

describe('the signed-in customer’s state decides the Auto Delivery links and targeted content', () => {
  it('an Auto Delivery: the web app’s flag, or any getAdType programme but NONE; not known yet is the flag alone', () => {
    expect(hasAutoDelivery(false, null)).toBe(false)
    expect(hasAutoDelivery(false, 'NONE')).toBe(false)
    expect(hasAutoDelivery(false, 'ADF')).toBe(true)
    expect(hasAutoDelivery(true, null)).toBe(true)
    expect(hasAutoDelivery(true, 'NONE')).toBe(true)
  })

  it('a customer who signs in becomes a KnownUser (no first-order offers); an agent session stores nothing', () => {
    const state = new BehaviorSubject<SessionState>({ status: 'anonymous' })
    const j = jar('UnknownUser~Purchaser')
    const sub = keepKnownSegment(state, j)
    expect(j.writes).toEqual([])
    const signedIn = { status: 'signedIn', firstName: 'Ann', customerId: 'c1', sessionExpiresAt: 0 } as const
    state.next({ ...signedIn, agent: { csAgentId: 'a1' } })
    expect(j.writes).toEqual([])
    state.next({ ...signedIn, agent: null })
    expect(j.cookies.get('visitorSegments')).toBe('KnownUser~Purchaser')
    sub.unsubscribe()
  })

  it('a sign-in is announced: with the stored segments, or as a KnownUser where nothing may be stored', () => {
    const signedIn = {
      status: 'signedIn',
      firstName: 'Ann',
      customerId: 'c1',
      sessionExpiresAt: 0,
      agent: null,
    } as const
    for (const [allowed, expected] of [
      [true, ['KnownUser~Purchaser']],
      [false, ['KnownUser']],
    ] as const) {
      const told: string[] = []
      const state = new BehaviorSubject<SessionState>({ status: 'anonymous' })
      const sub = keepKnownSegment(state, {
        ...jar('UnknownUser~Purchaser', allowed),
        announce: (t) => told.push(t),
      })
      state.next(signedIn)
      expect(told).toEqual(expected)
      sub.unsubscribe()
    }
  })

  it('both kept together, and stopped together', () => {
    const adType = new BehaviorSubject<string | null>(null)
    const state = new BehaviorSubject<SessionState>({ status: 'anonymous' })
    const j = jar()
    const sub = keepCustomerSegments({
      adType$: adType,
      state$: state,
      isAgent: () => false,
      store: j,
      removeCookie: j.cookies.remove,
    })
    adType.next('ADF')
    state.next({ status: 'signedIn', firstName: 'Ann', customerId: 'c1', agent: null, sessionExpiresAt: 0 })
    expect(j.cookies.get('visitorSegments')).toBe('KnownUser~ActiveADUser')
    sub.unsubscribe()
    adType.next('NONE')
    expect(j.cookies.get('visitorSegments')).toBe('KnownUser~ActiveADUser')
  })
})

describe('nothing learnt from a customer’s account outlives their session; the device stays what it is', () => {
  const signedIn = { status: 'signedIn', firstName: 'Jamie', customerId: 'c1', sessionExpiresAt: 0 } as const
  const storage = (text: string | null) => {
    const items = new Map<string, string>(text === null ? [] : [['oneHeader.visitorProfile', text]])
    return {
      items,
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, value: string) => void items.set(k, value),
      removeItem: (k: string) => void items.delete(k),
    }
  }

  const profileOf = (j: { storage: ReturnType<typeof storage> }) =>
    JSON.parse(j.storage.items.get('oneHeader.visitorProfile') ?? '{}') as {
      flags: Record<string, boolean>
      badges: Record<string, boolean>
    }

  it('a customer’s sign-out on a first visit’s device leaves an unknown visitor at once: the next page greets nobody', () => {
    const state = new BehaviorSubject<SessionState>({ ...signedIn, agent: null })
    const j = {
      ...jar('KnownUser~ActiveADUser'),
      storage: storage('{"flags":{"known_user":true,"active_ad_user":true},"metrics":{"visits":1}}'),
    }
    const sub = forgetSegmentsOnSignOut(state, j, j.cookies.remove)
    expect(j.cookies.get('visitorSegments')).toBe('KnownUser~ActiveADUser')
    state.next({ status: 'anonymous' })
    expect(j.cookies.get('visitorSegments')).toBe('UnknownUser')
    expect(profileOf(j).flags).toEqual({ csr: true })
    sub.unsubscribe()
  })

  it('a repeat visitor’s device stays a KnownUser (CSR flag off) after the sign-out; Purchaser and ActiveADUser go', () => {
    const state = new BehaviorSubject<SessionState>({ ...signedIn, agent: null })
    const j = {
      ...jar('KnownUser~ActiveADUser~Purchaser'),
      storage: storage(
        '{"flags":{"known_user":true,"active_ad_user":true},"badges":{"purchaser":true},"metrics":{"visits":4}}',
      ),
    }
    forgetSegmentsOnSignOut(state, j, j.cookies.remove)
    state.next({ status: 'anonymous' })
    expect(j.cookies.get('visitorSegments')).toBe('KnownUser')
    expect(profileOf(j).flags).toEqual({ csr: false })
    expect(profileOf(j).badges).toEqual({})
  })

  it('a session that ended while no tab was open is found when the page starts, and follows the same rule', () => {
    const j = {
      ...jar('KnownUser~ActiveADUser'),
      storage: storage(
        '{"flags":{"known_user":true,"active_ad_user":true,"customer_session":true},"metrics":{"visits":2}}',
      ),
    }
    forgetSegmentsOnSignOut(new BehaviorSubject<SessionState>({ status: 'anonymous' }), j, j.cookies.remove)
    expect(j.cookies.get('visitorSegments')).toBe('KnownUser')
    expect(profileOf(j).flags).toEqual({ csr: false })
    // The page of a visitor whose session is on, or who never signed in here, changes nothing.
    const on = { ...jar('KnownUser~ActiveADUser'), storage: storage('{"flags":{"customer_session":true}}') }
    forgetSegmentsOnSignOut(
      new BehaviorSubject<SessionState>({ ...signedIn, agent: null }),
      on,
      on.cookies.remove,
    )
    expect(on.cookies.get('visitorSegments')).toBe('KnownUser~ActiveADUser')
    const never = { ...jar('KnownUser~Purchaser'), storage: storage('{"badges":{"purchaser":true}}') }
    forgetSegmentsOnSignOut(
      new BehaviorSubject<SessionState>({ status: 'anonymous' }),
      never,
      never.cookies.remove,
    )
    expect(never.cookies.get('visitorSegments')).toBe('KnownUser~Purchaser')
  })

  it('a customer’s sign-in marks the profile as their session’s', () => {
    const state = new BehaviorSubject<SessionState>({ status: 'anonymous' })
    const j = { ...jar(), storage: storage(null) }
    keepKnownSegment(state, j)
    state.next({ ...signedIn, agent: null })
    expect(profileOf(j).flags).toMatchObject({ known_user: true, customer_session: true })
  })

  it('a visitor who never signed in keeps what the store learnt; an agent’s sign-out forgets nothing of the browser’s visitor', () => {
    const anonymous = new BehaviorSubject<SessionState>({ status: 'anonymous' })
    const j = { ...jar('KnownUser~Purchaser'), storage: storage('{"badges":{"purchaser":true}}') }
    forgetSegmentsOnSignOut(anonymous, j, j.cookies.remove)
    anonymous.next({ status: 'anonymous' })
    const agent = new BehaviorSubject<SessionState>({ ...signedIn, agent: { csAgentId: 'a1' } })
    forgetSegmentsOnSignOut(agent, j, j.cookies.remove)
    agent.next({ status: 'anonymous' })
    expect(j.cookies.get('visitorSegments')).toBe('KnownUser~Purchaser')
    expect(j.storage.items.has('oneHeader.visitorProfile')).toBe(true)
  })

  it('kept with the other segments: a sign-out after a sign-in on a first visit leaves an unknown visitor', () => {
    const adType = new BehaviorSubject<string | null>('ADF')
    const state = new BehaviorSubject<SessionState>({ status: 'anonymous' })
    const j = jar()
    keepCustomerSegments({
      adType$: adType,
      state$: state,
      isAgent: () => false,
      store: j,
      removeCookie: j.cookies.remove,
    })
    state.next({ ...signedIn, agent: null })
    expect(j.cookies.get('visitorSegments')).toBe('KnownUser~ActiveADUser')
    adType.next(null)
    state.next({ status: 'anonymous' })
    expect(j.cookies.get('visitorSegments')).toBe('UnknownUser')
  })
})
