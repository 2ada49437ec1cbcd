import type { Observable, Subscription } from 'rxjs'
import { updateVisitorProfile, type VisitorStore, withLearnt } from '../../site/visitorProfile'
import type { LoyaltyDisplay } from './rules/loyaltyDisplay'

/**
 * Keeps the PerksMember visitor segment (site/visitorProfile.ts) in step with the loyalty display:
 * a signed-in member has it, a visitor or a customer who is not a member does not, so targeted
 * content shows newcomers' offers only to those they are for; a change is announced through the
 * store, and the header's rows follow at once. Not known yet (pending) or no
 * display (programme off, customer data unreadable) changes nothing; neither does an agent's
 * session, whose member is the customer the agent acts for, not this browser's visitor.
 */
export function keepMemberSegment(
  display$: Observable<LoyaltyDisplay>,
  store: VisitorStore,
  isAgent: () => boolean,
): Subscription {
  return display$.subscribe((display) => {
    if (display.kind === 'pending' || display.kind === 'off' || isAgent()) return
    const member = display.kind === 'member'
    updateVisitorProfile(store, (profile) => withLearnt(profile, 'PerksMember', member))
  })
}
