import { BehaviorSubject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import type { SessionState } from '../authRefs'
import { hasAutoDelivery, keepAdSegment, keepCustomerSegments, keepKnownSegment } from './adSegment'

function jar(initial?: string, allowed = true) {
  const cookies = new Map<string, string>(initial ? [['visitorSegments', initial]] : [])
  const writes: { name: string; value: string; expiresDays: number }[] = []
  // A browser without local storage: the profile is read back from its cookie copy.
  return {
    storage: undefined,
    writes,
    cookies: {
      get: (name: string) => cookies.get(name),
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

describe('the signed-in customer’s state decides the Auto Delivery links and targeted content (issue 27)', () => {
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

  it('both kept together, and stopped together', () => {
    const adType = new BehaviorSubject<string | null>(null)
    const state = new BehaviorSubject<SessionState>({ status: 'anonymous' })
    const j = jar()
    const sub = keepCustomerSegments({ adType$: adType, state$: state, isAgent: () => false, store: j })
    adType.next('ADF')
    state.next({ status: 'signedIn', firstName: 'Ann', customerId: 'c1', agent: null, sessionExpiresAt: 0 })
    expect(j.cookies.get('visitorSegments')).toBe('KnownUser~ActiveADUser')
    sub.unsubscribe()
    adType.next('NONE')
    expect(j.cookies.get('visitorSegments')).toBe('KnownUser~ActiveADUser')
  })
})
