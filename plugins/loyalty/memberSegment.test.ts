import { BehaviorSubject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import type { VisitorStore } from '../../site/visitorProfile'
import { keepMemberSegment } from './memberSegment'
import type { LoyaltyDisplay } from './rules/loyaltyDisplay'

function jar() {
  const cookies = new Map<string, string>()
  const store: VisitorStore = {
    storage: undefined,
    cookies: {
      get: (name) => cookies.get(name),
      set: (name, value) => {
        cookies.set(name, value)
        return true
      },
    },
  }
  return { store, segments: () => cookies.get('visitorSegments') }
}

describe('the PerksMember segment follows the loyalty display', () => {
  it('a member has it, a customer who is not one loses it; pending and off change nothing', () => {
    const display = new BehaviorSubject<LoyaltyDisplay>({ kind: 'pending' })
    const { store, segments } = jar()
    const sub = keepMemberSegment(display, store, () => false)
    expect(segments()).toBeUndefined()
    display.next({ kind: 'member', cashback: '$4.50' })
    expect(segments()).toBe('UnknownUser~PerksMember')
    display.next({ kind: 'off' })
    expect(segments()).toBe('UnknownUser~PerksMember')
    display.next({ kind: 'optIn' })
    expect(segments()).toBe('UnknownUser')
    sub.unsubscribe()
  })

  it('an agent acting for a member stores nothing in the agent’s own browser', () => {
    const { store, segments } = jar()
    keepMemberSegment(
      new BehaviorSubject<LoyaltyDisplay>({ kind: 'member', cashback: undefined }),
      store,
      () => true,
    )
    expect(segments()).toBeUndefined()
  })
})
