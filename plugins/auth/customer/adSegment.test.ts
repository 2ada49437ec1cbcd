import { BehaviorSubject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { keepAdSegment } from './adSegment'

function jar(initial?: string, allowed = true) {
  const cookies = new Map<string, string>(initial ? [['visitorSegments', initial]] : [])
  const writes: { name: string; value: string; expiresDays: number }[] = []
  return {
    cookies,
    writes,
    get: (name: string) => cookies.get(name),
    set(name: string, value: string, options: { expiresDays: number }) {
      if (!allowed) return false
      cookies.set(name, value)
      writes.push({ name, value, ...options })
      return true
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
